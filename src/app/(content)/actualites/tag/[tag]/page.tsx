import { notFound } from 'next/navigation';
import { blogTags, entries } from '@/content';
import { ListHeader } from '@/ui/content/Article';
import { pageMetadata } from '@/ui/content/metadata';
import { CollectionCards } from '@/ui/content/ListPages';
import s from '@/ui/content/content.module.css';

export const dynamicParams = false;
export function generateStaticParams() {
  return blogTags().map((t) => ({ tag: t.slug }));
}

type Props = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Props) {
  const { tag } = await params;
  return pageMetadata(
    `/actualites/tag/${tag}`,
    `Articles sur « ${tag} »`,
    `Tous nos articles d’actualité étiquetés « ${tag} » : réglementation, registres et conseils pour les entreprises.`,
  );
}

export default async function BlogTag({ params }: Props) {
  const { tag } = await params;
  const posts = entries('actualites').filter((e) => e.tags.includes(tag));
  if (!posts.length) notFound();
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[
          { name: 'Actualités', href: '/actualites' },
          { name: `#${tag}`, href: `/actualites/tag/${tag}` },
        ]}
        title={`Articles sur « ${tag} »`}
      />
      <CollectionCards collection="actualites" entries={posts} />
    </div>
  );
}
