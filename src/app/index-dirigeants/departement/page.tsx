import type { Metadata } from 'next';
import { getDb } from '@/db';
import { indexModel } from '@/registry/index-pages';
import { siteUrl } from '@/registry/site';
import { IndexView } from '@/ui/company/IndexView';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

async function load(props: Props) {
  const q = await props.searchParams;
  return indexModel(getDb(), 'dirigeants', 'departement', {
    code: one(q.code),
    subclass: one(q.subclass),
    department: one(q.department),
    page: Number(one(q.page)) || 1,
  });
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const q = await props.searchParams;
  const m = await load(props);
  const qs = new URLSearchParams(
    Object.entries(q).flatMap(([k, v]) =>
      ['code', 'subclass', 'department', 'page'].includes(k) && one(v) ? [[k, one(v)!]] : [],
    ),
  ).toString();
  return {
    title: m.title,
    description: m.intro,
    alternates: { canonical: `${siteUrl()}/index-dirigeants/departement${qs ? `?${qs}` : ''}` },
  };
}

export default async function Page(props: Props) {
  const m = await load(props);
  return <IndexView {...m} />;
}
