import Link from 'next/link';
import { lexiconLink, type LexiconTerm } from '@/content/lexicon-links';
import type { CompanyProfile } from '@/registry/company';
import { formatDate, formatMoney, formatSiren, formatSiret, yesNo } from './format';
import { Section } from './Section';
import { interpolate, messages } from '@/i18n';
import { establishmentCount } from './CompanyHeader';
import s from './company.module.css';

const m = messages.company.identity;

/** One fact; its label links to the lexicon's explanation of the notion when there is one. */
function Fact({
  label,
  term,
  children,
}: {
  label: string;
  term?: LexiconTerm;
  children: React.ReactNode;
}) {
  const href = term ? lexiconLink(term) : null;
  return (
    <div>
      <dt>
        {href ? (
          <Link
            href={href}
            prefetch={false}
            title={interpolate(m.definition, { label })}
            data-testid="lexicon-link"
          >
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

export function IdentitySection({ profile: p }: { profile: CompanyProfile }) {
  return (
    <Section
      id="identite"
      title={m.title}
      sources={[
        p.sources.identity,
        p.sources.fields.capital_amount,
        p.rcs?.source,
        p.establishmentCounts.source,
      ]}
    >
      <dl className={s.facts}>
        <Fact label={m.name}>{p.displayName}</Fact>
        {p.sigle ? <Fact label={m.sigle}>{p.sigle}</Fact> : null}
        {p.otherNames.length ? <Fact label={m.otherNames}>{p.otherNames.join(', ')}</Fact> : null}
        <Fact label={m.siren} term="siren">
          {formatSiren(p.siren)}
        </Fact>
        <Fact label={m.headOfficeSiret} term="siret">
          {p.headOfficeSiret ? formatSiret(p.headOfficeSiret) : '—'}
        </Fact>
        <Fact label={m.vat} term="vat">
          {p.vatNumber}
          <span className={s.note}>{m.vatNote}</span>
        </Fact>
        <Fact label={m.eori} term="eori">
          {p.eoriNumber ? (
            <>
              {p.eoriNumber}
              <span className={s.note}>{m.eoriNote}</span>
            </>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label={m.naf} term="naf">
          {p.naf.code ? `${p.naf.code}${p.naf.label ? ` — ${p.naf.label}` : ''}` : '—'}
        </Fact>
        <Fact label={m.legalForm} term="legalForm">
          {p.legalForm.label ?? p.legalForm.code ?? '—'}
        </Fact>
        <Fact label={m.capital} term="capital">
          {p.capital ? formatMoney(p.capital.amount, p.capital.currency) : m.notGiven}
        </Fact>
        <Fact label={m.creationDate}>{formatDate(p.creationDate)}</Fact>
        <Fact label={m.state}>{p.stateLabel}</Fact>
        <Fact label={m.headcount} term="headcount">
          {p.headcount.label
            ? `${p.headcount.label}${p.headcount.year ? ` (${p.headcount.year})` : ''}`
            : m.notGivenFeminine}
        </Fact>
        <Fact label={m.category}>
          {p.category.label
            ? `${p.category.label}${p.category.year ? ` (${p.category.year})` : ''}`
            : m.notGivenFeminine}
        </Fact>
        <Fact label={m.ess} term="ess">
          {yesNo(p.ess)}
        </Fact>
        <Fact label={m.missionCompany} term="missionCompany">
          {yesNo(p.missionCompany)}
        </Fact>
        <Fact label={m.rcs} term="rcs">
          {p.rcs ? (
            <>
              {p.rcs.court
                ? interpolate(m.rcsNumber, { siren: formatSiren(p.siren), court: p.rcs.court })
                : m.rcsNoCourt}
              {p.rcs.registrationDate
                ? interpolate(m.rcsRegistered, { date: formatDate(p.rcs.registrationDate) })
                : ''}
              {p.rcs.strikeOffDate
                ? interpolate(m.rcsStruckOff, { date: formatDate(p.rcs.strikeOffDate) })
                : ''}
              <span className={s.note} style={{ display: 'block' }}>
                {interpolate(m.rcsBasis, { basis: p.rcs.basis })}
              </span>
            </>
          ) : p.isNaturalPerson ? (
            m.rcsNotApplicable
          ) : (
            m.rcsUnknown
          )}
        </Fact>
        <Fact label={m.court}>{p.rcs?.courtLabel ?? '—'}</Fact>
        {p.establishmentCounts.total != null ? (
          <Fact label={m.establishments}>
            {establishmentCount({
              total: p.establishmentCounts.total,
              open: p.establishmentCounts.open,
            })}
          </Fact>
        ) : null}
        {p.activityDescription ? <Fact label={m.activity}>{p.activityDescription}</Fact> : null}
      </dl>
    </Section>
  );
}
