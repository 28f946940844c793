import { entries } from '@/content';
import { COMPANY_TYPES } from '@/content/service-paths';
import { EntryCards, ListHeader } from '@/ui/content/Article';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';
import { ColumnHeads } from '@/ui/table/ColumnHeads';

export const metadata = pageMetadata(
  '/creation-entreprise',
  'Créer son entreprise : choisir sa forme et les étapes',
  'Micro-entreprise, EI, EURL, SARL, SASU, SAS, SA, SCI, SNC ou association : étapes, coûts, documents, délais, impôts et régime social, chiffres 2026.',
);

export default function Creation() {
  const order = new Map<string, number>(COMPANY_TYPES.map((t, i) => [t, i]));
  const guides = entries('creation').sort(
    (a, b) => (order.get(a.slug) ?? 99) - (order.get(b.slug) ?? 99),
  );
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[{ name: 'Créer son entreprise', href: '/creation-entreprise' }]}
        title="Créer son entreprise"
        lead="Chaque forme juridique a ses règles : responsabilité, fiscalité, statut social du dirigeant, formalités et coûts. Nos guides détaillent chacune, avec les chiffres 2026 et leurs sources."
      />
      <EntryCards
        items={guides.map((g) => ({
          title: g.title,
          href: `/creation-entreprise/${g.slug}`,
          description: g.description,
        }))}
      />
      <section className={s.section} aria-labelledby="comparer">
        <h2 id="comparer" className={s.sectionTitle}>
          Comparer les formes en un coup d’œil
        </h2>
        <table className={s.table}>
          <ColumnHeads
            labels={[
              'Forme',
              'Associés',
              'Capital minimum',
              'Responsabilité',
              'Statut social du dirigeant',
            ]}
          />
          <tbody>
            <tr>
              <td>Entreprise individuelle (dont micro)</td>
              <td>1 entrepreneur</td>
              <td>aucun</td>
              <td>limitée au patrimoine professionnel</td>
              <td>travailleur indépendant</td>
            </tr>
            <tr>
              <td>EURL / SARL</td>
              <td>1 / 2 à 100</td>
              <td>1 €</td>
              <td>limitée aux apports</td>
              <td>
                gérant majoritaire : indépendant ; minoritaire ou égalitaire : assimilé salarié
              </td>
            </tr>
            <tr>
              <td>SASU / SAS</td>
              <td>1 / 2 et plus</td>
              <td>1 €</td>
              <td>limitée aux apports</td>
              <td>président : assimilé salarié</td>
            </tr>
            <tr>
              <td>SA</td>
              <td>2 (non cotée) ou 7 (cotée)</td>
              <td>37 000 €</td>
              <td>limitée aux apports</td>
              <td>président du conseil, directeur général : assimilés salariés</td>
            </tr>
            <tr>
              <td>SCI</td>
              <td>2 et plus</td>
              <td>aucun</td>
              <td>indéfinie, proportionnelle aux parts</td>
              <td>gérant : selon rémunération</td>
            </tr>
            <tr>
              <td>SNC</td>
              <td>2 et plus</td>
              <td>aucun</td>
              <td>indéfinie et solidaire</td>
              <td>associés : travailleurs indépendants</td>
            </tr>
            <tr>
              <td>Association loi 1901</td>
              <td>2 et plus</td>
              <td>aucun</td>
              <td>l’association répond de ses dettes</td>
              <td>dirigeants bénévoles en principe</td>
            </tr>
          </tbody>
        </table>
      </section>
    </div>
  );
}
