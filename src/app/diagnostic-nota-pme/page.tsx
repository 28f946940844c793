import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/diagnostic-nota-pme');

export default function Page() {
  return <ServiceSearch path="/diagnostic-nota-pme" />;
}
