import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/annonces-bodacc');

export default function Page() {
  return <ServiceSearch path="/annonces-bodacc" />;
}
