import { serviceSearchMetadata } from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';
import type { Metadata } from 'next';
import { frameMetadata } from '@/ui/frame/metadata';

export const metadata: Metadata = frameMetadata('/marques', serviceSearchMetadata('/marques'));

export default function Page() {
  return <ServiceSearch path="/marques" />;
}
