import Link from 'next/link';
import type { CompanyProfile } from '@/registry/company';
import type { Representative } from '@/registry/directors';
import { formatDate, formatNumber, formatSiren } from './format';
import { SourceLine } from './Section';
import { FollowButton } from '@/ui/follow/FollowButton';
import { OwnerInfo } from '@/ui/claims/OwnerInfo';
import { interpolate, messages } from '@/i18n';
import s from './company.module.css';

const m = messages.company;

/** « 12 dont 3 ouverts » (or the total alone when the open count is unknown). */
export function establishmentCount(counts: { total: number; open: number | null }): string {
  return counts.open != null
    ? interpolate(m.establishmentCount, {
        total: formatNumber(counts.total),
        open: formatNumber(counts.open),
        n: counts.open,
      })
    : formatNumber(counts.total);
}

export function Breadcrumb({ items }: { items: Array<{ label: string; href?: string }> }) {
  return (
    <nav aria-label={m.breadcrumbLabel}>
      <ol className={s.breadcrumb}>
        {items.map((i) => (
          <li key={i.label}>
            {i.href ? (
              <Link href={i.href} prefetch={false}>
                {i.label}
              </Link>
            ) : (
              <span aria-current="page">{i.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function CompanyHeader({
  profile: p,
  mainDirector,
  heading,
}: {
  profile: CompanyProfile;
  mainDirector?: Representative | null;
  /** The h1: the company name, or the per-company page's own title. */
  heading?: string;
}) {
  const ho = p.headOfficeAddress;
  return (
    <header className={s.header}>
      <h1 className={s.title}>{heading ?? p.displayName}</h1>
      {heading ? <p className={s.subtitle}>{p.displayName}</p> : null}
      <div className={s.badges}>
        <FollowButton siren={p.siren} name={p.displayName} />
        <span className={`${s.badge} ${p.active ? s.active : s.ceased}`}>{p.stateLabel}</span>
        {p.legalForm.label ? <span className={s.badge}>{p.legalForm.label}</span> : null}
        {p.protected ? (
          <span className={`${s.badge} ${s.warning}`}>
            {p.protectionReason === 'opposition'
              ? m.header.hiddenByOpposition
              : m.header.partialDiffusion}
          </span>
        ) : null}
      </div>
      <dl className={s.keyFacts}>
        <div>
          <dt>{m.header.siren}</dt>
          <dd>{formatSiren(p.siren)}</dd>
        </div>
        <div>
          <dt>{m.header.naf}</dt>
          <dd>{p.naf.label ? `${p.naf.label} (${p.naf.code})` : (p.naf.code ?? '—')}</dd>
        </div>
        <div>
          <dt>{m.header.headOffice}</dt>
          <dd>{ho?.address.lines.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>{m.header.creation}</dt>
          <dd>{formatDate(p.creationDate)}</dd>
        </div>
        {p.establishmentCounts.total != null ? (
          <div>
            <dt>{m.header.establishments}</dt>
            <dd>
              {establishmentCount({
                total: p.establishmentCounts.total,
                open: p.establishmentCounts.open,
              })}
            </dd>
          </div>
        ) : null}
        {mainDirector ? (
          <div>
            <dt>{m.header.mainDirector}</dt>
            <dd>
              {mainDirector.name} <span className={s.note}>({mainDirector.role})</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {p.protected && p.isNaturalPerson ? (
        <p className={s.note} style={{ marginTop: 12 }}>
          {p.protectionReason === 'opposition' ? m.header.oppositionNote : m.header.partialNote}
        </p>
      ) : null}
      <SourceLine sources={[p.sources.identity, p.establishmentCounts.source]} />
      <OwnerInfo siren={p.siren} />
    </header>
  );
}
