import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/extrait-kbis');

export default function Page() {
  return <ServiceSearch path="/extrait-kbis" />;
}
