import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/cotation-banque-de-france');

export default function Page() {
  return <ServiceSearch path="/cotation-banque-de-france" />;
}
