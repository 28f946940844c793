import Link from 'next/link';
import s from './company.module.css';

export function CompanyNotFound() {
  return (
    <div className={s.page}>
      <h1 className={s.title}>Entreprise introuvable</h1>
      <p>
        Aucune entreprise ne correspond à ce numéro SIREN. Un SIREN comporte 9 chiffres et se
        termine par une clé de contrôle : vérifiez le numéro saisi.
      </p>
      <p>
        <Link href="/" className={s.button}>
          Rechercher une entreprise
        </Link>
      </p>
    </div>
  );
}
