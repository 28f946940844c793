import Link from 'next/link';
import s from '@/ui/company/company.module.css';

export default function DirectorNotFound() {
  return (
    <div className={s.page}>
      <h1 className={s.title}>Dirigeant introuvable</h1>
      <p>
        Aucun dirigeant ne correspond à cette adresse, ou la personne a demandé que ses données ne
        soient plus affichées.
      </p>
      <p>
        <Link href="/dirigeants" className={s.button}>
          Rechercher un dirigeant
        </Link>
      </p>
    </div>
  );
}
