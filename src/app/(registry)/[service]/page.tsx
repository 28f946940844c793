import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  SERVICE_SEARCH_PATHS,
  serviceSearchMetadata,
  servicePathOf,
} from '@/ui/search/servicePages';
import { ServiceSearch } from '@/ui/search/ServiceSearch';
import { frameMetadata } from '@/ui/frame/metadata';

type Props = { params: Promise<{ service: string }> };

/** One static page per catalogue service (/extrait-kbis, /marques…); any other path is a 404. */
export function generateStaticParams() {
  return SERVICE_SEARCH_PATHS.map((path) => ({ service: path.slice(1) }));
}
export const dynamicParams = false;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const path = servicePathOf((await params).service);
  if (!path) return {};
  return frameMetadata(path, serviceSearchMetadata(path));
}

export default async function Page({ params }: Props) {
  const path = servicePathOf((await params).service);
  if (!path) notFound();
  return <ServiceSearch path={path} />;
}
