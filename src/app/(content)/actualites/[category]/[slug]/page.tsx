import { notFound } from 'next/navigation';
import Link from 'next/link';
import { category, entries, entry, related, urlOf } from '@/content';
import { Article } from '@/ui/content/Article';
import { entryMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const dynamicParams = false;
export function generateStaticParams() {
  return entries('actualites').map((e) => ({ category: e.folder!, slug: e.slug }));
}

type Props = { params: Promise<{ category: string; slug: string }> };

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const e = entry('actualites', p.category, p.slug);
  return e ? entryMetadata(urlOf('actualites', e), e) : {};
}

export default async function BlogPost({ params }: Props) {
  const p = await params;
  const e = entry('actualites', p.category, p.slug);
  const c = category('actualites', p.category);
  if (!e || !c) notFound();
  const url = urlOf('actualites', e);
  return (
    <Article
      entry={e}
      url={url}
      kind="Article"
      trail={[
        { name: 'Actualités', href: '/actualites' },
        { name: c.title, href: `/actualites/${c.slug}` },
        { name: e.title, href: url },
      ]}
      related={related('actualites', e).map((r) => ({
        title: r.title,
        href: urlOf('actualites', r),
      }))}
    >
      {e.tags.length ? (
        <ul className={s.chips} aria-label="Étiquettes">
          {e.tags.map((t) => (
            <li key={t}>
              <Link href={`/actualites/tag/${t}`}>#{t}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Article>
  );
}
