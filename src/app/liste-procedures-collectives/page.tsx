import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/liste-procedures-collectives');

export default function Page() {
  return <ServiceSearch path="/liste-procedures-collectives" />;
}
