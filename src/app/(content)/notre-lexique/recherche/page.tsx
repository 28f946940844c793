import { Suspense } from 'react';
import { categories } from '@/content';
import { ListHeader } from '@/ui/content/Article';
import { ContentSearch } from '@/ui/content/ContentSearch';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const metadata = pageMetadata(
  '/notre-lexique/recherche',
  'Rechercher un terme du lexique',
  'Cherchez la définition d’un terme juridique, comptable, fiscal ou du greffe : Kbis, SIREN, capital social, procédure collective…',
);

export default function LexiconSearch() {
  const browse = [
    ...categories('lexique').map((c) => ({ title: c.title, href: `/notre-lexique/${c.slug}` })),
    { title: 'Dictionnaire du greffe', href: '/dictionnaire-greffe' },
  ];
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[
          { name: 'Notre lexique', href: '/notre-lexique' },
          { name: 'Recherche', href: '/notre-lexique/recherche' },
        ]}
        title="Rechercher un terme"
        lead="Dans le lexique et le dictionnaire du greffe. Les accents, les majuscules et les tirets sont sans importance."
      />
      <Suspense>
        <ContentSearch
          indexUrl="/notre-lexique/recherche/index.json"
          action="/notre-lexique/recherche"
          label="Terme recherché"
          placeholder="Kbis, SIREN, capital social…"
          browse={browse}
        />
      </Suspense>
    </div>
  );
}
