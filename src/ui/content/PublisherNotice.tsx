import Link from 'next/link';
import { publisher } from '@/config/publisher';
import s from './content.module.css';

/**
 * The legal notice's identity sections (LCEN, article 6): the publisher, its publication director
 * and the host, from the site's settings (src/config/publisher.ts), so the page, the terms and the
 * invoices never disagree. Read at build: the page is static.
 */
export function PublisherNotice({ contactEmail }: { contactEmail: string }) {
  const p = publisher();
  return (
    <div className={s.prose}>
      <h2>Éditeur</h2>
      <p>
        Le site est édité par <strong>{p.name}</strong>, {p.legalForm} au capital de {p.capital},
        dont le siège est situé {p.address}.
        <br />
        Immatriculation : {p.registration}. Numéro de TVA : {p.vatNumber}.
        <br />
        Adresse de contact : {contactEmail} — <Link href="/contact">formulaire de contact</Link>.
      </p>
      <p>Directeur de la publication : {p.publicationDirector}.</p>
      <h2>Hébergement</h2>
      <p>
        Le site et sa base de données sont hébergés par <strong>{p.host.name}</strong>,{' '}
        {p.host.address}, téléphone {p.host.phone}.
      </p>
    </div>
  );
}

/** The seller's identity at the head of the terms of sale (Code de la consommation, L221-5). */
export function SellerNotice() {
  const p = publisher();
  return (
    <div className={s.prose}>
      <p>
        Vendeur : <strong>{p.name}</strong>, {p.legalForm} au capital de {p.capital}, {p.address} ;{' '}
        {p.registration} ; numéro de TVA {p.vatNumber}. Pour nous joindre :{' '}
        <Link href="/contact">formulaire de contact</Link>.
      </p>
    </div>
  );
}
