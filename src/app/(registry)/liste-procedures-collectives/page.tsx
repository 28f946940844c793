import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';
import type { Metadata } from 'next';
import { frameMetadata } from '@/ui/frame/metadata';

export const metadata: Metadata = frameMetadata(
  '/liste-procedures-collectives',
  serviceSearchMetadata('/liste-procedures-collectives'),
);

export default function Page() {
  return <ServiceSearch path="/liste-procedures-collectives" />;
}
