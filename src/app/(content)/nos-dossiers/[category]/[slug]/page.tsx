import { notFound } from 'next/navigation';
import Link from 'next/link';
import { category, entries, entry, related, urlOf } from '@/content';
import { Article } from '@/ui/content/Article';
import { entryMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const dynamicParams = false;
export function generateStaticParams() {
  return entries('dossiers').map((e) => ({ category: e.folder!, slug: e.slug }));
}

type Props = { params: Promise<{ category: string; slug: string }> };

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const e = entry('dossiers', p.category, p.slug);
  return e ? entryMetadata(urlOf('dossiers', e), e) : {};
}

export default async function Guide({ params }: Props) {
  const p = await params;
  const e = entry('dossiers', p.category, p.slug);
  const c = category('dossiers', p.category);
  if (!e || !c) notFound();
  const url = urlOf('dossiers', e);
  return (
    <Article
      entry={e}
      url={url}
      kind="Article"
      trail={[
        { name: 'Nos dossiers', href: '/nos-dossiers' },
        { name: c.title, href: `/nos-dossiers/${c.slug}` },
        { name: e.title, href: url },
      ]}
      related={related('dossiers', e).map((r) => ({ title: r.title, href: urlOf('dossiers', r) }))}
    >
      <p className={s.note}>
        Besoin d’un document officiel sur une entreprise ?{' '}
        <Link href="/services">Découvrez tous nos services</Link>.
      </p>
    </Article>
  );
}
