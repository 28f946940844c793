import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/actes-et-statuts');

export default function Page() {
  return <ServiceSearch path="/actes-et-statuts" />;
}
