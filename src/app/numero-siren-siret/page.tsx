import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/numero-siren-siret');

export default function Page() {
  return <ServiceSearch path="/numero-siren-siret" />;
}
