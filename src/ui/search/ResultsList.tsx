import Link from 'next/link';
import type { CompanyResult } from '@/search/companies';
import type { DirectorResult } from '@/search/directors';
import { FollowButton } from '@/ui/follow/FollowButton';
import { OrderButton } from '@/ui/orders/OrderButton';
import { interpolate, messages } from '@/i18n';
import s from './search.module.css';
import { STATE_WORDS } from '@/domain/company-state';

const m = messages.search;

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

const MATCH_LABELS: Record<NonNullable<CompanyResult['matched']>['kind'], string> = m.card.match;

const eurCompact = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** The long INSEE labels of the two "no employee" bands, shortened for a results row. */
export function shortHeadcount(code: string, label: string | null): string | null {
  if (code === 'NN') return m.card.noEmployee;
  if (code === '00') return m.card.zeroEmployee;
  return label;
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <li>
      <span className={s.metaLabel}>{interpolate(m.card.itemLabel, { label })}</span> {children}
    </li>
  );
}

/**
 * The document a service group's results sell, one order button per company for which the order
 * route's own availability rule accepts it (`unavailable`: the others, with the reason it gives).
 */
export type ResultOrder = {
  kind: string;
  priceCents: number;
  unavailable?: Record<string, string>;
};

export function CompanyResultCard({ r, order }: { r: CompanyResult; order?: ResultOrder }) {
  const place = [r.headOffice.postcode, r.headOffice.commune].filter(Boolean).join(' ');
  const revenue = r.finances?.revenue;
  return (
    <li className={s.card}>
      <div className={s.cardHead}>
        <Link className={s.name} href={r.url}>
          {r.name ?? m.card.hiddenName}
          {r.sigle ? ` (${r.sigle})` : ''}
        </Link>
        <span className={r.state === 'active' ? s.active : s.ceased}>{r.stateLabel}</span>
        <FollowButton siren={r.siren} name={r.name} />
      </div>
      {r.matched && r.matched.label && (
        <p className={s.matched}>
          {MATCH_LABELS[r.matched.kind]} : <strong>{r.matched.label}</strong>
          {r.matched.siret && r.matched.kind !== 'establishment'
            ? interpolate(m.card.matchedEstablishment, { nic: r.matched.siret.slice(9) })
            : ''}
        </p>
      )}
      <ul className={s.meta}>
        <Item label={m.card.siren}>{r.sirenFormatted}</Item>
        <Item label={m.card.headOffice}>
          {place ? (
            <>
              {place}
              {r.headOffice.source ? (
                <span className={s.valueSource}>
                  {' '}
                  {interpolate(m.card.fromSource, { source: r.headOffice.source })}
                </span>
              ) : null}
            </>
          ) : null}
        </Item>
        <Item label={m.card.creation}>{frenchDate(r.creationDate)}</Item>
      </ul>
      <ul className={s.meta}>
        <Item label={m.card.activity}>
          {r.naf ? (
            `${r.naf.code}${r.naf.label ? ` – ${r.naf.label}` : ''}`
          ) : r.activity ? (
            <>
              {r.activity.text}{' '}
              <span className={s.valueSource}>
                {interpolate(m.card.fromSource, { source: r.activity.source })}
              </span>
            </>
          ) : null}
        </Item>
        <Item label={m.card.legalForm}>{r.legalForm?.label ?? r.legalForm?.code ?? null}</Item>
        <Item label={m.card.headcount}>
          {r.headcountBand ? shortHeadcount(r.headcountBand.code, r.headcountBand.label) : null}
        </Item>
      </ul>
      <ul className={s.meta}>
        <Item label={m.card.director}>
          {r.mainDirector
            ? `${r.mainDirector.name}${r.mainDirector.role ? `, ${r.mainDirector.role}` : ''}`
            : null}
        </Item>
        <Item label={m.card.openEstablishments}>
          {r.openEstablishments > 0 ? nf.format(r.openEstablishments) : null}
        </Item>
        <Item
          label={
            r.finances?.fiscalYear
              ? interpolate(m.card.revenueYear, { year: r.finances.fiscalYear })
              : m.card.revenue
          }
        >
          {revenue != null ? (
            <span title={eur.format(revenue)}>{eurCompact.format(revenue)}</span>
          ) : null}
        </Item>
      </ul>
      {order &&
        (order.unavailable?.[r.siren] ? (
          <p className={s.valueSource} data-testid="order-unavailable">
            {order.unavailable[r.siren]}
          </p>
        ) : (
          <OrderButton kind={order.kind} siren={r.siren} priceCents={order.priceCents} />
        ))}
    </li>
  );
}

export function CompanyResults({
  results,
  start,
  order,
}: {
  results: CompanyResult[];
  start: number;
  order?: ResultOrder;
}) {
  return (
    <ol className={s.results} start={start} aria-label={m.companiesFound}>
      {results.map((r) => (
        <CompanyResultCard key={r.siren} r={r} order={order} />
      ))}
    </ol>
  );
}

export function DirectorResults({ results }: { results: DirectorResult[] }) {
  return (
    <ol className={s.results} aria-label={m.directorsFound}>
      {results.map((d) => (
        <li key={d.personKey} className={s.card}>
          <div className={s.cardHead}>
            {d.profileUrl ? (
              <Link className={s.name} href={d.profileUrl}>
                {d.displayName}
              </Link>
            ) : (
              <span className={s.name}>{d.displayName}</span>
            )}
            {d.birthLabel && (
              <span className={s.optionMeta}>
                {interpolate(m.director.born, { date: d.birthLabel })}
              </span>
            )}
          </div>
          <p className={s.matched}>
            {interpolate(m.director.mandates, { count: d.mandateCount, n: d.mandateCount })}
          </p>
          <ul className={s.mandates}>
            {d.mandates.map((m) => (
              <li key={m.siren}>
                <Link href={m.url}>{m.companyName}</Link> ({m.sirenFormatted})
                {m.role ? ` – ${m.role}` : ''}
                {m.companyState === 'active' ? '' : ` – ${STATE_WORDS[m.companyState]}`}
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
  return lowerBound
    ? interpolate(m.countAtLeast, { count: nf.format(total), noun: noun[1] })
    : interpolate(m.count, { count: nf.format(total), noun: word });
}
