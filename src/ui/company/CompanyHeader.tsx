import Link from 'next/link';
import type { CompanyProfile } from '@/registry/company';
import type { Representative } from '@/registry/directors';
import { formatDate, formatSiren } from './format';
import { SourceLine } from './Section';
import { FollowButton } from '@/ui/follow/FollowButton';
import s from './company.module.css';

export function Breadcrumb({ items }: { items: Array<{ label: string; href?: string }> }) {
  return (
    <nav aria-label="Fil d'Ariane">
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
  const ho = p.headOffice;
  return (
    <header className={s.header}>
      <h1 className={s.title}>{heading ?? p.displayName}</h1>
      {heading ? <p className={s.subtitle}>{p.displayName}</p> : null}
      <div className={s.badges}>
        <FollowButton siren={p.siren} name={p.displayName} />
        {p.active ? (
          <span className={`${s.badge} ${s.active}`}>Active</span>
        ) : (
          <span className={`${s.badge} ${s.ceased}`}>
            Cessée{p.ceasedDate ? ` le ${formatDate(p.ceasedDate)}` : ''}
          </span>
        )}
        {p.legalForm.label ? <span className={s.badge}>{p.legalForm.label}</span> : null}
        {p.protected ? (
          <span className={`${s.badge} ${s.warning}`}>
            {p.protectionReason === 'opposition'
              ? 'Données masquées à la demande de la personne'
              : 'Diffusion partielle'}
          </span>
        ) : null}
      </div>
      <dl className={s.keyFacts}>
        <div>
          <dt>SIREN</dt>
          <dd>{formatSiren(p.siren)}</dd>
        </div>
        <div>
          <dt>Activité (NAF)</dt>
          <dd>{p.naf.label ? `${p.naf.label} (${p.naf.code})` : (p.naf.code ?? '—')}</dd>
        </div>
        <div>
          <dt>Siège</dt>
          <dd>{ho?.address.lines.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>Création</dt>
          <dd>{formatDate(p.creationDate)}</dd>
        </div>
        {mainDirector ? (
          <div>
            <dt>Dirigeant principal</dt>
            <dd>
              {mainDirector.name} <span className={s.note}>({mainDirector.role})</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {p.protected && p.isNaturalPerson ? (
        <p className={s.note} style={{ marginTop: 12 }}>
          {p.protectionReason === 'opposition'
            ? 'À la demande de la personne, son nom et son adresse ne sont pas affichés.'
            : "Cet entrepreneur a demandé la diffusion partielle de ses données à l'INSEE : seuls le SIREN et la commune sont publiés."}
        </p>
      ) : null}
      <SourceLine sources={[p.sources.identity]} />
    </header>
  );
}
