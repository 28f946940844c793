import Link from 'next/link';
import { categories, entries, urlOf } from '@/content';
import { EntryCards, ListHeader } from '@/ui/content/Article';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const metadata = pageMetadata(
  '/notre-lexique',
  'Notre lexique : le vocabulaire des entreprises',
  'Définitions claires et sourcées des termes juridiques, comptables, fiscaux et sociaux que l’on rencontre dans la vie d’une entreprise.',
);

export default function Lexicon() {
  const groups = categories('lexique').map((c) => ({
    ...c,
    terms: entries('lexique').filter((e) => e.category === c.slug),
  }));
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[{ name: 'Notre lexique', href: '/notre-lexique' }]}
        title="Notre lexique"
        lead="Le vocabulaire des entreprises expliqué simplement, avec les textes qui le fondent."
      />
      <p>
        <Link href="/notre-lexique/recherche">Rechercher un terme</Link> · Voir aussi le{' '}
        <Link href="/dictionnaire-greffe">dictionnaire du greffe</Link>
      </p>
      <EntryCards
        items={groups.map((c) => ({
          title: `${c.title} (${c.terms.length})`,
          href: `/notre-lexique/${c.slug}`,
          description: c.description,
        }))}
      />
      {groups
        .filter((c) => c.terms.length)
        .map((c) => (
          <section key={c.slug} className={s.section} aria-labelledby={`cat-${c.slug}`}>
            <h2 id={`cat-${c.slug}`} className={s.sectionTitle}>
              {c.title}
            </h2>
            <ul className={s.terms}>
              {c.terms.map((t) => (
                <li key={t.slug}>
                  <Link href={urlOf('lexique', t)}>{t.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
