import Link from 'next/link';
import type { CompanyResult } from '@/search/companies';
import type { DirectorResult } from '@/search/directors';
import s from './search.module.css';

const nf = new Intl.NumberFormat('fr-FR');
const eur = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

/** 2024-03-05 → 05/03/2024 */
export function frenchDate(iso: string | null): string | null {
  if (!iso) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : null;
}

const MATCH_LABELS: Record<NonNullable<CompanyResult['matched']>['kind'], string> = {
  sigle: 'Sigle',
  other: 'Autre nom',
  sign: 'Enseigne',
  person: 'Nom de l’entrepreneur',
  director: 'Dirigeant',
  establishment: 'Établissement',
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className={s.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function CompanyResultCard({ r }: { r: CompanyResult }) {
  const place = [r.headOffice.postcode, r.headOffice.commune].filter(Boolean).join(' ');
  return (
    <li className={s.card}>
      <div className={s.cardHead}>
        <Link className={s.name} href={r.url}>
          {r.name ?? 'Entrepreneur individuel (nom non diffusé)'}
          {r.sigle ? ` (${r.sigle})` : ''}
        </Link>
        <span className={r.status === 'A' ? s.active : s.ceased}>{r.statusLabel}</span>
      </div>
      {r.matched && r.matched.label && (
        <p className={s.matched}>
          {MATCH_LABELS[r.matched.kind]} : <strong>{r.matched.label}</strong>
          {r.matched.siret && r.matched.kind !== 'establishment'
            ? ` (établissement ${r.matched.siret.slice(9)})`
            : ''}
        </p>
      )}
      <dl className={s.facts}>
        <Fact label="SIREN">{r.sirenFormatted}</Fact>
        <Fact label="Siège">{place || null}</Fact>
        <Fact label="Activité (NAF)">
          {r.naf ? `${r.naf.code}${r.naf.label ? ` – ${r.naf.label}` : ''}` : null}
        </Fact>
        <Fact label="Forme juridique">{r.legalForm?.label ?? r.legalForm?.code ?? null}</Fact>
        <Fact label="Création">{frenchDate(r.creationDate)}</Fact>
        <Fact label="Effectif">{r.headcountBand?.label ?? null}</Fact>
        <Fact label="Dirigeant">
          {r.mainDirector
            ? `${r.mainDirector.name}${r.mainDirector.role ? `, ${r.mainDirector.role}` : ''}`
            : null}
        </Fact>
        <Fact label="Établissements ouverts">
          {r.openEstablishments > 0 ? nf.format(r.openEstablishments) : null}
        </Fact>
        <Fact
          label={`Chiffre d’affaires${r.finances?.fiscalYear ? ` ${r.finances.fiscalYear}` : ''}`}
        >
          {r.finances?.revenue != null ? eur.format(r.finances.revenue) : null}
        </Fact>
      </dl>
    </li>
  );
}

export function CompanyResults({ results, start }: { results: CompanyResult[]; start: number }) {
  return (
    <ol className={s.results} start={start} aria-label="Entreprises trouvées">
      {results.map((r) => (
        <CompanyResultCard key={r.siren} r={r} />
      ))}
    </ol>
  );
}

export function DirectorResults({ results }: { results: DirectorResult[] }) {
  return (
    <ol className={s.results} aria-label="Dirigeants trouvés">
      {results.map((d) => (
        <li key={d.personKey} className={s.card}>
          <div className={s.cardHead}>
            <span className={s.name}>
              {d.firstNames ? `${d.firstNames} ` : ''}
              {d.lastName}
            </span>
            {d.birthLabel && <span className={s.optionMeta}>Né(e) en {d.birthLabel}</span>}
          </div>
          <p className={s.matched}>
            {d.mandateCount} mandat{d.mandateCount > 1 ? 's' : ''}
          </p>
          <ul className={s.mandates}>
            {d.mandates.map((m) => (
              <li key={m.siren}>
                <Link href={m.url}>{m.companyName}</Link> ({m.sirenFormatted})
                {m.role ? ` – ${m.role}` : ''}
                {m.companyStatus === 'C' ? ' – entreprise cessée' : ''}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export function countLabel(total: number, lowerBound: boolean, noun: [string, string]): string {
  const word = total > 1 ? noun[1] : noun[0];
  return lowerBound ? `Plus de ${nf.format(total)} ${noun[1]}` : `${nf.format(total)} ${word}`;
}
