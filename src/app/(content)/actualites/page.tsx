import Link from 'next/link';
import { categories, entries } from '@/content';
import { ListHeader } from '@/ui/content/Article';
import { pageMetadata } from '@/ui/content/metadata';
import { CollectionCards } from '@/ui/content/ListPages';
import s from '@/ui/content/content.module.css';

export const metadata = pageMetadata(
  '/actualites',
  'Actualités des entreprises',
  'Réglementation, registres publics et conseils pratiques : l’actualité utile aux dirigeants et à ceux qui vérifient des entreprises.',
);

export default function BlogHome() {
  const posts = entries('actualites');
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[{ name: 'Actualités', href: '/actualites' }]}
        title="Actualités des entreprises"
        lead="Réglementation, registres publics et conseils pratiques, datés et sourcés."
      />
      <p>
        <Link href="/actualites/recherche">Rechercher dans les actualités</Link> ·{' '}
        <a href="/actualites/feed.xml">Flux RSS</a>
      </p>
      <ul className={s.chips} aria-label="Catégories">
        {categories('actualites').map((c) => (
          <li key={c.slug}>
            <Link href={`/actualites/${c.slug}`}>{c.title}</Link>
          </li>
        ))}
      </ul>
      <CollectionCards collection="actualites" entries={posts} />
    </div>
  );
}
