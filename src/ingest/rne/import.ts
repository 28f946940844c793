/**
 * INPI RNE company JSON (API /api/companies/{siren}, and the RNE stock: arrays of the same
 * objects). Identity, legal form, capital, establishments, and directors from
 * composition.pouvoirs (natural and legal persons; role by code). Beneficial owners
 * (beneficiairesEffectifs) are never read: they are not public.
 */
import { claimWriter, type Claim } from '../contradictions';
import { birthMonthYear, parseDiffusion } from '@/domain/diffusion';
import { directorRoleLabel, isNaturalPersonLegalForm } from '@/domain/legal-forms';
import { personKey } from '@/domain/person';
import { parseSiren, parseSiret } from '@/domain/siren';
import { jsonItems } from '../core/json';
import { DirectorWriter, type DirectorRow, type DirectorSet } from '../core/directors-writer';
import { establishmentWriter, type EstablishmentPatch } from '../core/establishments-writer';
import { CompanyMerger, type CompanyPatch } from '../core/merge';
import { companyDirector } from '../core/directors';
import { endOfExistence, registrationWriter, type RegistrationRow } from '../core/registrations';
import type { Importer } from '../core/run';
import { CoverageTracker } from '../core/coverage';
import { first, node, str, type Node } from '../bodacc/notice';

/** RNE writes APE codes without the dot: 4110A → 41.10A. */
export function nafFromApe(code: string | null): string | null {
  if (!code) return null;
  const m = /^(\d{2})\.?(\d{2})([A-Z])$/.exec(code.trim());
  return m ? `${m[1]}.${m[2]}${m[3]}` : code;
}

type RneParts = {
  registration: RegistrationRow;
  company: CompanyPatch;
  establishments: EstablishmentPatch[];
  directors: DirectorSet;
};

function address(a: Node | null) {
  return {
    addressNumber: str(a?.numVoie),
    addressRepetition: str(a?.indiceRepetition),
    addressStreetType: str(a?.typeVoie),
    addressStreet: str(a?.voie),
    addressComplement: str(a?.complementLocalisation),
    postcode: str(a?.codePostal),
    communeCode: str(a?.codeInseeCommune),
    communeName: str(a?.commune),
    foreignCountry: str(a?.codePays) && str(a?.codePays) !== 'FRA' ? str(a?.pays) : null,
  };
}

export function readRneCompany(doc: Node): RneParts | { reason: string } {
  const formality = node(doc.formality) ?? {};
  const siren = parseSiren(str(formality.siren) ?? str(doc.siren));
  if (!siren) return { reason: `SIREN absent ou mal formé : « ${str(doc.siren) ?? ''} »` };
  const date = str(doc.updatedAt) ?? str(formality.updated);
  const content = node(formality.content) ?? {};
  const pm = node(content.personneMorale);
  const pp = node(content.personnePhysique);
  const holder = pm ?? pp ?? node(content.exploitation) ?? {};
  const identite = node(holder.identite) ?? {};
  const entreprise = node(identite.entreprise) ?? {};
  const description = node(identite.description) ?? {};
  const nature = node(content.natureCreation) ?? {};
  const legalForm =
    str(formality.formeJuridique) ?? str(entreprise.formeJuridique) ?? str(nature.formeJuridique);
  const diffusion = parseDiffusion(str(formality.diffusionINSEE)) ?? 'O';
  const fields: CompanyPatch['fields'] = {
    diffusion,
    legal_form_code: legalForm && /^\d{4}$/.test(legalForm) ? legalForm : null,
    naf_code: nafFromApe(str(entreprise.codeApe)),
    creation_date: str(nature.dateCreation),
    head_office_nic: str(entreprise.nicSiege),
    ess: typeof description.ess === 'boolean' ? description.ess : null,
    mission_company:
      typeof description.societeMission === 'boolean' ? description.societeMission : null,
  };
  if (typeof description.montantCapital === 'number') {
    fields.capital_amount = description.montantCapital;
    fields.capital_currency = str(description.deviseCapital) ?? 'EUR';
  }
  if (pm) fields.name = str(entreprise.denomination);
  if (pp || isNaturalPersonLegalForm(legalForm)) {
    const person = node(node(identite.entrepreneur)?.descriptionPersonne) ?? {};
    const prenoms = Array.isArray(person.prenoms)
      ? (person.prenoms as unknown[]).map(str).filter(Boolean).join(' ')
      : null;
    fields.is_natural_person = true;
    fields.last_name = str(person.nom);
    fields.usage_name = str(person.nomUsage);
    fields.first_names = prenoms;
    fields.name =
      [prenoms?.split(' ')[0], str(person.nomUsage) ?? str(person.nom)].filter(Boolean).join(' ') ||
      null;
  }
  const main = node(holder.etablissementPrincipal);
  const activities = Array.isArray(main?.activites) ? (main?.activites as unknown[]) : [];
  const principal =
    activities.map(node).find((a) => a?.indicateurPrincipal === true) ?? first(activities);
  fields.activity_description = str(principal?.descriptionDetaillee);

  const establishments: EstablishmentPatch[] = [];
  const others = Array.isArray(holder.autresEtablissements)
    ? (holder.autresEtablissements as unknown[])
    : [];
  for (const e of [main, ...others.map(node)]) {
    const d = node(e?.descriptionEtablissement);
    const siret = parseSiret(str(d?.siret));
    if (!siret || siret.slice(0, 9) !== siren) continue;
    const acts = Array.isArray(e?.activites) ? (e?.activites as unknown[]).map(node) : [];
    establishments.push({
      siret,
      diffusion,
      isHeadOffice: siret.slice(9) === str(entreprise.nicSiege),
      status: str(d?.dateFermeture) ? 'F' : 'A',
      creationDate: str(acts[0]?.dateDebut),
      closedDate: str(d?.dateFermeture),
      signs: [str(d?.enseigne), str(d?.nomCommercial)].filter((x): x is string => !!x),
      nafCode: nafFromApe(str(acts[0]?.codeApe)),
      headcountBand: null,
      ...address(node(e?.adresse)),
      source: 'rne',
      date,
    });
  }

  const directors: DirectorRow[] = [];
  const pouvoirs = Array.isArray(node(holder.composition)?.pouvoirs)
    ? (node(holder.composition)?.pouvoirs as unknown[])
    : [];
  for (const raw of pouvoirs) {
    const p = node(raw);
    if (!p || p.actif === false) continue;
    const roleCode = str(p.roleEntreprise);
    const roleLabel = directorRoleLabel(roleCode);
    const ind = node(node(p.individu)?.descriptionPersonne);
    const ent = node(p.entreprise);
    if (ind) {
      const prenoms = Array.isArray(ind.prenoms)
        ? (ind.prenoms as unknown[]).map(str).filter(Boolean).join(' ')
        : str(ind.prenoms);
      const birth = birthMonthYear(str(ind.dateDeNaissance));
      directors.push({
        kind: 'person',
        roleCode,
        roleLabel,
        lastName: str(ind.nom),
        usageName: str(ind.nomUsage),
        firstNames: prenoms || null,
        birthYear: birth?.year ?? null,
        birthMonth: birth?.month ?? null,
        nationality: str(ind.nationalite),
        directorSiren: null,
        companyName: null,
        startDate: str(ind.dateEffetRoleDeclarant),
        personKey: personKey(
          str(ind.nom),
          prenoms || null,
          birth?.year ?? null,
          birth?.month ?? null,
        ),
      });
    } else if (ent) {
      directors.push(
        companyDirector({
          roleCode,
          roleLabel,
          directorSiren: parseSiren(str(ent.siren)),
          companyName: str(ent.denomination),
        }),
      );
    }
  }
  // The registration as the search API's `immatriculation` reads it (map_rne.py).
  const duration = typeof description.duree === 'number' ? description.duree : null;
  const creation = str(nature.dateCreation);
  const natures = [
    str(content.formeExerciceActivitePrincipale),
    ...activities.map((a) => str(node(a)?.formeExercice)),
  ].filter((x): x is string => !!x);
  const cessation = node(content.detailCessationEntreprise) ?? {};
  const registration: RegistrationRow = {
    siren,
    source: 'rne',
    sourceDate: date,
    registrationDate: creation ?? str(entreprise.dateImmat),
    strikeOffDate: str(cessation.dateRadiation),
    activityStartDate: str(entreprise.dateDebutActiv) ?? str(principal?.dateDebut),
    capitalAmount:
      typeof description.montantCapital === 'number' ? description.montantCapital : null,
    capitalCurrency: str(description.deviseCapital),
    capitalVariable:
      typeof description.capitalVariable === 'boolean' ? description.capitalVariable : null,
    durationYears: duration,
    closingDayMonth: str(description.dateClotureExerciceSocial),
    endOfExistence: str(description.dateFinExistence) ?? endOfExistence(creation, duration),
    natures,
  };
  return {
    company: { siren, source: 'rne', date, fields },
    establishments,
    directors: { siren, date, directors },
    registration,
  };
}

const day = (d: string | null) => (d ? d.slice(0, 10) : null);

export const rneImporter: Importer = {
  zipEntries: ['.json'],
  async run(ctx) {
    const merger = new CompanyMerger(ctx.conn);
    const coverage = new CoverageTracker('rne');
    const dirs = new DirectorWriter(ctx.conn, 'rne');
    const etabs = establishmentWriter(ctx.conn);
    const claims = claimWriter(ctx.conn, 'rne');
    const registrations = registrationWriter(ctx.conn);
    let batch: RneParts[] = [];
    const flush = async () => {
      if (!batch.length) return;
      for (const b of batch) coverage.see(b.company.date);
      ctx.count('companies', await merger.merge(batch.map((b) => b.company)));
      ctx.touch(batch.map((b) => b.company.siren));
      // What the RNE states even where SIRENE owns the column: compared by the contradiction rules.
      const stated: Claim[] = batch.flatMap(({ company: c }) => [
        ...(c.fields.capital_amount != null
          ? [
              {
                siren: c.siren,
                claim: 'capital' as const,
                value: String(c.fields.capital_amount),
                date: day(c.date),
              },
            ]
          : []),
        ...(typeof c.fields.head_office_nic === 'string' && /^\d{5}$/.test(c.fields.head_office_nic)
          ? [
              {
                siren: c.siren,
                claim: 'head_office_siret' as const,
                value: c.siren + c.fields.head_office_nic,
                date: day(c.date),
              },
            ]
          : []),
      ]);
      if (stated.length) ctx.count('source_claims', await claims.write(stated));
      ctx.count('establishments', await etabs.write(batch.flatMap((b) => b.establishments)));
      ctx.count('directors', await dirs.write(batch.map((b) => b.directors)));
      ctx.count(
        'company_registrations',
        await registrations.write(batch.map((b) => b.registration)),
      );
      batch = [];
      ctx.tick();
    };
    for await (const { index, value } of jsonItems(ctx.input)) {
      // A bare array of companies, or one company; some exports wrap it in {company: …}.
      const docs = Array.isArray(value) ? value : [node(value)?.company ?? value];
      for (const d of docs) {
        ctx.read++;
        const parts = readRneCompany(node(d) ?? {});
        if ('reason' in parts) ctx.reject(index, parts.reason);
        else batch.push(parts);
      }
      if (batch.length >= 500) await flush();
    }
    await flush();
    await coverage.save(ctx.conn);
  },
};
