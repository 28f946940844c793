import { notFound } from 'next/navigation';
import { entries, entry, related, urlOf } from '@/content';
import { Article } from '@/ui/content/Article';
import { entryMetadata } from '@/ui/content/metadata';

export const dynamicParams = false;
export function generateStaticParams() {
  return entries('dictionnaire').map((e) => ({ slug: e.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props) {
  const e = entry('dictionnaire', null, (await params).slug);
  return e ? entryMetadata(urlOf('dictionnaire', e), e) : {};
}

export default async function DictionaryTerm({ params }: Props) {
  const e = entry('dictionnaire', null, (await params).slug);
  if (!e) notFound();
  const url = urlOf('dictionnaire', e);
  return (
    <Article
      entry={e}
      url={url}
      kind="DefinedTerm"
      termSet={{ name: 'Dictionnaire du greffe', href: '/dictionnaire-greffe' }}
      trail={[
        { name: 'Dictionnaire du greffe', href: '/dictionnaire-greffe' },
        { name: e.title, href: url },
      ]}
      relatedTitle="Termes voisins"
      related={related('dictionnaire', e).map((r) => ({
        title: r.title,
        href: urlOf('dictionnaire', r),
      }))}
    />
  );
}
