import { notFound } from 'next/navigation';
import { entries, entry, urlOf } from '@/content';
import { Article } from '@/ui/content/Article';
import { entryMetadata } from '@/ui/content/metadata';

export const dynamicParams = false;
export function generateStaticParams() {
  return entries('creation').map((e) => ({ companyType: e.slug }));
}

type Props = { params: Promise<{ companyType: string }> };

export async function generateMetadata({ params }: Props) {
  const e = entry('creation', null, (await params).companyType);
  return e ? entryMetadata(urlOf('creation', e), e) : {};
}

export default async function CreationGuide({ params }: Props) {
  const e = entry('creation', null, (await params).companyType);
  if (!e) notFound();
  const url = urlOf('creation', e);
  const others = entries('creation').filter((o) => o.slug !== e.slug);
  return (
    <Article
      entry={e}
      url={url}
      kind="Article"
      trail={[
        { name: 'Créer son entreprise', href: '/creation-entreprise' },
        { name: e.title, href: url },
      ]}
      relatedTitle="Les autres formes d’entreprise"
      related={others.map((o) => ({ title: o.title, href: urlOf('creation', o) }))}
    />
  );
}
