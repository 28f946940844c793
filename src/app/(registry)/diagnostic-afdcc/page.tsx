import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';
import type { Metadata } from 'next';
import { frameMetadata } from '@/ui/frame/metadata';

export const metadata: Metadata = frameMetadata(
  '/diagnostic-afdcc',
  serviceSearchMetadata('/diagnostic-afdcc'),
);

export default function Page() {
  return <ServiceSearch path="/diagnostic-afdcc" />;
}
