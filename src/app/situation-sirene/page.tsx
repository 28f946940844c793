import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/situation-sirene');

export default function Page() {
  return <ServiceSearch path="/situation-sirene" />;
}
