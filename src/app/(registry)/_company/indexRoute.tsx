import type { Metadata } from 'next';
import { getReadDb } from '@/db';
import { indexModel, type IndexAxis, type IndexKind } from '@/registry/index-pages';
import { siteUrl } from '@/loaders/registry-pages';
import { IndexView } from '@/ui/company/IndexView';
import { frameMetadata } from '@/ui/frame/metadata';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const PARAMS = ['code', 'subclass', 'department', 'page'] as const;

/**
 * The four index pages (/index-entreprises and /index-dirigeants, by sector and by department)
 * differ only by what they list and along which axis: one route definition serves them all.
 */
export function indexRoute(kind: IndexKind, axis: IndexAxis) {
  const path = `/index-${kind}/${axis}`;

  async function load(props: Props) {
    const q = await props.searchParams;
    return indexModel(getReadDb(), kind, axis, {
      code: one(q.code),
      subclass: one(q.subclass),
      department: one(q.department),
      page: Number(one(q.page)) || 1,
    });
  }

  async function generateMetadata(props: Props): Promise<Metadata> {
    const q = await props.searchParams;
    const m = await load(props);
    const qs = new URLSearchParams(
      PARAMS.flatMap((k) => (one(q[k]) ? [[k, one(q[k])!]] : [])),
    ).toString();
    return frameMetadata(path, {
      title: m.title,
      description: m.intro,
      alternates: { canonical: `${siteUrl()}${path}${qs ? `?${qs}` : ''}` },
    });
  }

  async function Page(props: Props) {
    const m = await load(props);
    return <IndexView {...m} />;
  }

  return { generateMetadata, Page };
}
