import type { CompanyProfile } from '@/registry/company';
import { formatDate, formatMoney, formatSiren, formatSiret, yesNo } from './format';
import { Section } from './Section';
import s from './company.module.css';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function IdentitySection({ profile: p }: { profile: CompanyProfile }) {
  return (
    <Section
      id="identite"
      title="Informations juridiques"
      sources={[p.sources.identity, p.sources.fields.capitalAmount, p.sources.fields.rcsCourt]}
    >
      <dl className={s.facts}>
        <Fact label="Dénomination">{p.displayName}</Fact>
        {p.sigle ? <Fact label="Sigle">{p.sigle}</Fact> : null}
        {p.otherNames.length ? <Fact label="Autres noms">{p.otherNames.join(', ')}</Fact> : null}
        <Fact label="SIREN">{formatSiren(p.siren)}</Fact>
        <Fact label="SIRET du siège">
          {p.headOfficeSiret ? formatSiret(p.headOfficeSiret) : '—'}
        </Fact>
        <Fact label="Numéro de TVA intracommunautaire">
          {p.vatNumber}
          <span className={s.note}> (clé calculée à partir du SIREN)</span>
        </Fact>
        <Fact label="Numéro EORI">
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
        <Fact label="Code NAF / APE">
          {p.naf.code ? `${p.naf.code}${p.naf.label ? ` — ${p.naf.label}` : ''}` : '—'}
        </Fact>
        <Fact label="Forme juridique">{p.legalForm.label ?? p.legalForm.code ?? '—'}</Fact>
        <Fact label="Capital social">
          {p.capital ? formatMoney(p.capital.amount, p.capital.currency) : 'Non renseigné'}
        </Fact>
        <Fact label="Date de création">{formatDate(p.creationDate)}</Fact>
        <Fact label="État">
          {p.active ? 'Active' : `Cessée${p.ceasedDate ? ` le ${formatDate(p.ceasedDate)}` : ''}`}
        </Fact>
        <Fact label="Tranche d'effectif salarié">
          {p.headcount.label
            ? `${p.headcount.label}${p.headcount.year ? ` (${p.headcount.year})` : ''}`
            : 'Non renseignée'}
        </Fact>
        <Fact label="Catégorie d'entreprise">
          {p.category.label
            ? `${p.category.label}${p.category.year ? ` (${p.category.year})` : ''}`
            : 'Non renseignée'}
        </Fact>
        <Fact label="Économie sociale et solidaire (ESS)">{yesNo(p.ess)}</Fact>
        <Fact label="Société à mission">{yesNo(p.missionCompany)}</Fact>
        <Fact label="Numéro RCS">
          {p.rcs
            ? `${formatSiren(p.siren)} R.C.S. ${p.rcs.court}`
            : p.isNaturalPerson
              ? 'Sans objet ou non renseigné'
              : 'Non renseigné'}
        </Fact>
        <Fact label="Greffe">
          {p.rcs ? `Greffe du tribunal de commerce de ${p.rcs.court}` : '—'}
        </Fact>
        {p.activityDescription ? (
          <Fact label="Activité déclarée">{p.activityDescription}</Fact>
        ) : null}
      </dl>
    </Section>
  );
}
