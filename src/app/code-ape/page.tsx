import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/code-ape');

export default function Page() {
  return <ServiceSearch path="/code-ape" />;
}
