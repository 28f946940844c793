import type { KeyFigures } from '@/registry/hub';
import { frenchDate } from './format';
import s from './content.module.css';

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
