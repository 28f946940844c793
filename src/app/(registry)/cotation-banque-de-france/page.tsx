import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';
import type { Metadata } from 'next';
import { frameMetadata } from '@/ui/frame/metadata';

export const metadata: Metadata = frameMetadata(
  '/cotation-banque-de-france',
  serviceSearchMetadata('/cotation-banque-de-france'),
);

export default function Page() {
  return <ServiceSearch path="/cotation-banque-de-france" />;
}
