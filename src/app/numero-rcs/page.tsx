import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/numero-rcs');

export default function Page() {
  return <ServiceSearch path="/numero-rcs" />;
}
