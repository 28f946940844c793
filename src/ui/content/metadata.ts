import type { Metadata } from 'next';
import type { ContentEntry } from '@/content/types';
import { frameMetadata } from '@/ui/frame/metadata';
import { isoDay } from './format';

/** Metadata of a list or information page: title, description, canonical (its bare path). */
export function pageMetadata(path: string, title: string, description: string): Metadata {
  return frameMetadata(path, {
    title,
    description,
    openGraph: { title, description },
  });
}

/** Metadata of one content entry: an Open Graph article with its dates and tags. */
export function entryMetadata(path: string, e: ContentEntry): Metadata {
  return frameMetadata(path, {
    title: e.title,
    description: e.description,
    openGraph: {
      type: 'article',
      title: e.title,
      description: e.description,
      publishedTime: isoDay(e.date),
      modifiedTime: isoDay(e.updated ?? e.date),
      tags: e.tags,
    },
  });
}
