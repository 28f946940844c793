import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/comptes-annuels');

export default function Page() {
  return <ServiceSearch path="/comptes-annuels" />;
}
