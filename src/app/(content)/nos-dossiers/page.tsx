import { categories, entries } from '@/content';
import { ListHeader } from '@/ui/content/Article';
import { pageMetadata } from '@/ui/content/metadata';
import { CollectionCards } from '@/ui/content/ListPages';
import s from '@/ui/content/content.module.css';

export const metadata = pageMetadata(
  '/nos-dossiers',
  'Nos dossiers : guides pratiques pour les entreprises',
  'Guides complets pour créer, gérer et vérifier une entreprise : formalités, fiscalité, comptes annuels, registres publics.',
);

export default function Guides() {
  const all = entries('dossiers');
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[{ name: 'Nos dossiers', href: '/nos-dossiers' }]}
        title="Nos dossiers"
        lead="Des guides pas à pas, à jour de la réglementation, avec leurs sources."
      />
      {categories('dossiers').map((c) => {
        const list = all.filter((e) => e.category === c.slug);
        return (
          <section key={c.slug} className={s.section} aria-labelledby={`cat-${c.slug}`}>
            <h2 id={`cat-${c.slug}`} className={s.sectionTitle}>
              <a href={`/nos-dossiers/${c.slug}`}>{c.title}</a>
            </h2>
            <p className={s.note}>{c.description}</p>
            {list.length ? (
              <CollectionCards collection="dossiers" entries={list} headingLevel={3} />
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
