import Link from 'next/link';
import s from './search.module.css';

export function NoCompanyFound({ query, filtered }: { query: string; filtered: boolean }) {
  return (
    <div className={s.empty} role="status">
      <h2>
        {query
          ? `Aucune entreprise ne correspond à « ${query} »`
          : 'Aucune entreprise ne correspond à ces critères'}
      </h2>
      <p>Quelques pistes :</p>
      <ul>
        <li>vérifiez l’orthographe ou essayez une partie du nom seulement ;</li>
        <li>cherchez par numéro : SIREN (9 chiffres), SIRET (14 chiffres) ou numéro de TVA ;</li>
        <li>essayez le sigle, l’enseigne ou le nom commercial ;</li>
        {filtered && <li>retirez un ou plusieurs filtres ;</li>}
        <li>
          pour une personne, utilisez la <Link href="/dirigeants">recherche de dirigeants</Link>.
        </li>
      </ul>
    </div>
  );
}

export function NoDirectorFound({ query }: { query: string }) {
  return (
    <div className={s.empty} role="status">
      <h2>Aucun dirigeant ne correspond à « {query} »</h2>
      <ul>
        <li>saisissez le nom de famille, puis le prénom (l’ordre importe peu) ;</li>
        <li>retirez l’année de naissance si vous l’avez indiquée ;</li>
        <li>
          les personnes ayant demandé à ne pas figurer dans les résultats n’y apparaissent pas.
        </li>
      </ul>
    </div>
  );
}

export function SearchUnavailable() {
  return (
    <div className={s.error} role="alert">
      <h2>La recherche est momentanément indisponible</h2>
      <p>Réessayez dans quelques instants. Si le problème persiste, contactez-nous.</p>
    </div>
  );
}

export function InvalidSearch({ message }: { message: string }) {
  return (
    <div className={s.error} role="alert">
      <h2>Recherche impossible</h2>
      <p>{message}</p>
    </div>
  );
}
