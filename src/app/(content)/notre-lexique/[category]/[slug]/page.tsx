import { notFound } from 'next/navigation';
import { category, entries, entry, inCategory, related, urlOf } from '@/content';
import { Article } from '@/ui/content/Article';
import { entryMetadata } from '@/ui/content/metadata';

export const dynamicParams = false;
export function generateStaticParams() {
  return entries('lexique').map((e) => ({ category: e.folder!, slug: e.slug }));
}

type Props = { params: Promise<{ category: string; slug: string }> };

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const e = entry('lexique', p.category, p.slug);
  return e ? entryMetadata(urlOf('lexique', e), e) : {};
}

export default async function LexiconTerm({ params }: Props) {
  const p = await params;
  const e = entry('lexique', p.category, p.slug);
  const c = category('lexique', p.category);
  if (!e || !c) notFound();
  const url = urlOf('lexique', e);
  const near = related('lexique', e);
  const others = near.length
    ? near
    : inCategory('lexique', c.slug)
        .filter((o) => o.slug !== e.slug)
        .slice(0, 5);
  return (
    <Article
      entry={e}
      url={url}
      kind="DefinedTerm"
      termSet={{ name: c.title, href: `/notre-lexique/${c.slug}` }}
      trail={[
        { name: 'Notre lexique', href: '/notre-lexique' },
        { name: c.title, href: `/notre-lexique/${c.slug}` },
        { name: e.title, href: url },
      ]}
      relatedTitle="Termes voisins"
      related={others.map((r) => ({ title: r.title, href: urlOf('lexique', r) }))}
    />
  );
}
