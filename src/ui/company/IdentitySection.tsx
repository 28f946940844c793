import Link from 'next/link';
import { lexiconLink, type LexiconTerm } from '@/content/lexicon-links';
import type { CompanyProfile } from '@/registry/company';
import { formatDate, formatMoney, formatNumber, formatSiren, formatSiret, yesNo } from './format';
import { Section } from './Section';
import s from './company.module.css';

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
            title={`${label} : définition`}
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
      title="Informations juridiques"
      sources={[
        p.sources.identity,
        p.sources.fields.capital_amount,
        p.rcs?.source,
        p.establishmentCounts.source,
      ]}
    >
      <dl className={s.facts}>
        <Fact label="Dénomination">{p.displayName}</Fact>
        {p.sigle ? <Fact label="Sigle">{p.sigle}</Fact> : null}
        {p.otherNames.length ? <Fact label="Autres noms">{p.otherNames.join(', ')}</Fact> : null}
        <Fact label="SIREN" term="siren">
          {formatSiren(p.siren)}
        </Fact>
        <Fact label="SIRET du siège" term="siret">
          {p.headOfficeSiret ? formatSiret(p.headOfficeSiret) : '—'}
        </Fact>
        <Fact label="Numéro de TVA intracommunautaire" term="vat">
          {p.vatNumber}
          <span className={s.note}> (clé calculée à partir du SIREN)</span>
        </Fact>
        <Fact label="Numéro EORI" term="eori">
          {p.eoriNumber ? (
            <>
              {p.eoriNumber}
              <span className={s.note}>
                {' '}
                (forme usuelle FR + SIRET du siège, attribué par les douanes sur demande)
              </span>
            </>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Code NAF / APE" term="naf">
          {p.naf.code ? `${p.naf.code}${p.naf.label ? ` — ${p.naf.label}` : ''}` : '—'}
        </Fact>
        <Fact label="Forme juridique" term="legalForm">
          {p.legalForm.label ?? p.legalForm.code ?? '—'}
        </Fact>
        <Fact label="Capital social" term="capital">
          {p.capital ? formatMoney(p.capital.amount, p.capital.currency) : 'Non renseigné'}
        </Fact>
        <Fact label="Date de création">{formatDate(p.creationDate)}</Fact>
        <Fact label="État">{p.stateLabel}</Fact>
        <Fact label="Tranche d'effectif salarié" term="headcount">
          {p.headcount.label
            ? `${p.headcount.label}${p.headcount.year ? ` (${p.headcount.year})` : ''}`
            : 'Non renseignée'}
        </Fact>
        <Fact label="Catégorie d'entreprise">
          {p.category.label
            ? `${p.category.label}${p.category.year ? ` (${p.category.year})` : ''}`
            : 'Non renseignée'}
        </Fact>
        <Fact label="Économie sociale et solidaire (ESS)" term="ess">
          {yesNo(p.ess)}
        </Fact>
        <Fact label="Société à mission" term="missionCompany">
          {yesNo(p.missionCompany)}
        </Fact>
        <Fact label="Numéro RCS" term="rcs">
          {p.rcs ? (
            <>
              {p.rcs.court
                ? `${formatSiren(p.siren)} R.C.S. ${p.rcs.court}`
                : 'Immatriculée au RCS (greffe non précisé par nos sources)'}
              {p.rcs.registrationDate
                ? `, immatriculée le ${formatDate(p.rcs.registrationDate)}`
                : ''}
              {p.rcs.strikeOffDate ? `, radiée le ${formatDate(p.rcs.strikeOffDate)}` : ''}
              <span className={s.note} style={{ display: 'block' }}>
                D&apos;après nos données : {p.rcs.basis}.
              </span>
            </>
          ) : p.isNaturalPerson ? (
            'Sans objet ou non renseigné'
          ) : (
            'Non renseigné dans nos sources'
          )}
        </Fact>
        <Fact label="Greffe">{p.rcs?.courtLabel ?? '—'}</Fact>
        {p.establishmentCounts.total != null ? (
          <Fact label="Établissements">
            {formatNumber(p.establishmentCounts.total)}
            {p.establishmentCounts.open != null
              ? ` dont ${formatNumber(p.establishmentCounts.open)} ouvert${p.establishmentCounts.open > 1 ? 's' : ''}`
              : ''}
          </Fact>
        ) : null}
        {p.activityDescription ? (
          <Fact label="Activité déclarée">{p.activityDescription}</Fact>
        ) : null}
      </dl>
    </Section>
  );
}
