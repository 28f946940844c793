import Link from 'next/link';
import { CONTRADICTION_LABELS, CONTRADICTION_RULES } from '@/domain/contradictions';
import type { KeyFigures } from '@/registry/hub';
import { frenchDate } from './format';
import s from './content.module.css';
import { ColumnHeads } from '@/ui/table/ColumnHeads';

const n = new Intl.NumberFormat('fr-FR');

/** The database's key figures, or an honest notice when they could not be counted. */
export function KeyFiguresTable({ figures }: { figures: KeyFigures | null }) {
  if (!figures) return <p>Chiffres momentanément indisponibles.</p>;
  return (
    <table className={s.table}>
      <tbody>
        <tr>
          <th scope="row">Entreprises (unités légales)</th>
          <td>{n.format(figures.companies)}</td>
        </tr>
        <tr>
          <th scope="row">dont actives</th>
          <td>{n.format(figures.activeCompanies)}</td>
        </tr>
        <tr>
          <th scope="row">Établissements</th>
          <td>{n.format(figures.establishments)}</td>
        </tr>
        <tr>
          <th scope="row">Annonces BODACC</th>
          <td>{n.format(figures.notices)}</td>
        </tr>
        <tr>
          <th scope="row">Dernier import</th>
          <td>
            {figures.lastImport ? frenchDate(`${figures.lastImport}T00:00:00Z`) : 'non renseigné'}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * The companies on which two official sources contradict each other, per rule (computed at each
 * import), with a link to the search filtered on them.
 */
export function ContradictionFigures({ figures }: { figures: KeyFigures | null }) {
  if (!figures) return <p>Chiffres momentanément indisponibles.</p>;
  const c = figures.contradictions;
  return (
    <>
      <p>
        Entreprises sur lesquelles deux sources officielles se contredisent (Sirene, BODACC, RNE) :{' '}
        <strong>{n.format(c.companies)}</strong>.{' '}
        {c.companies > 0 ? (
          <Link href="/recherches-avancees/resultats?contradictions=1">Les rechercher</Link>
        ) : null}
      </p>
      <table className={s.table}>
        <caption>Contradictions par règle</caption>
        <tbody>
          {CONTRADICTION_RULES.map((rule) => (
            <tr key={rule}>
              <th scope="row">{CONTRADICTION_LABELS[rule].title}</th>
              <td>{n.format(c.byRule[rule] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * How many companies hold each label or certification, every source together (ESS France, Agence
 * Bio, ADEME, FINESS…: docs/DATA.md), with a link to the search filtered on it.
 */
export function LabelFigures({ figures }: { figures: KeyFigures | null }) {
  if (!figures) return <p>Chiffres momentanément indisponibles.</p>;
  if (!figures.labels.length) return <p>Aucun label connu dans notre base pour l’instant.</p>;
  return (
    <table className={s.table}>
      <ColumnHeads labels={['Label ou certification', 'Entreprises', 'Données du']} />
      <tbody>
        {figures.labels.map((l) => (
          <tr key={l.code}>
            <th scope="row">
              <Link href={`/rechercher?label=${encodeURIComponent(l.code)}`}>{l.label}</Link>
            </th>
            <td>{n.format(l.companies)}</td>
            <td>{l.date ? frenchDate(`${l.date}T00:00:00Z`) : 'non daté'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
