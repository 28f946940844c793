import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';

export const metadata = serviceSearchMetadata('/pole-score');

export default function Page() {
  return <ServiceSearch path="/pole-score" />;
}
