/**
 * Our companies in the answer shape of the government's search API (recherche-entreprises,
 * `results[]`): the same keys and types, from our read model. Every protection rule is the one of
 * our other APIs: the profile (src/registry/company.ts) hides a protected name and address, the
 * representatives (src/registry/directors.ts) leave out people who asked to be hidden, and a
 * director's birth is given as year and month only. The reads are the registry's (the companies'
 * dates and counts in src/registry/company.ts, their establishments and those matching the
 * searched SIRET or area in src/registry/establishments.ts); this file maps them to the State's
 * shape, masking an establishment by our diffusion rule. A few queries per page (per_page ≤ 25).
 */
import type { Db } from '@/db/client';
import { nafSectionOf } from '@/domain/reference/naf';
import { listAgreements } from '@/registry/brands';
import { bodaccStanding } from '@/registry/notices';
import { getCompanyProfiles } from '@/registry/company';
import { getCompanyUpdates } from '@/registry/company-updates';
import { listCompanyLabels } from '@/registry/company-labels';
import {
  establishmentDetailsPage,
  getEstablishmentDetails,
  matchingEstablishments,
  type EstablishmentArea,
  type EstablishmentDetailRow as EstRow,
} from '@/registry/establishments';
import type { IncludeField } from './params';
import {
  complements,
  emptySiege,
  establishment,
  fullName,
  slugOf,
  stateCode,
  str,
} from './result-blocks';
import { maskLikeTheApi } from './result-mask';
import { bodaccOf, directorsOf, financesOf, immatriculationOf } from './result-sections';

/** Which establishments « match » a result: a SIRET searched, else those in the searched area. */
export type MatchScope = EstablishmentArea & {
  /** A SIREN query: no establishment « matches » (the government's answer), none given. */
  none: boolean;
  /** The SIRET a result matched by (a SIRET query). */
  matchedSiret: Map<string, string>;
};

/** The results, in the order of `sirens`; companies we no longer hold are left out. */
export async function buildDropInResults(
  db: Db,
  sirens: string[],
  include: Set<IncludeField>,
  scope: MatchScope,
  matchingSize: number,
  pageEtablissements: number | null = null,
): Promise<Array<Record<string, unknown>>> {
  if (sirens.length === 0) return [];
  // Side by side: each read waits for the pool, not for the one before (the drop-in's overhead
  // over our search is these round trips).
  const wantSiege = include.has('siege');
  const wantMatching = include.has('matching_etablissements');
  const [profiles, extraOf, matching] = await Promise.all([
    getCompanyProfiles(db, sirens),
    getCompanyUpdates(db, sirens),
    wantMatching
      ? matchingEstablishments(
          db,
          sirens,
          { sirets: [...scope.matchedSiret.values()], area: scope },
          matchingSize,
        )
      : new Map<string, EstRow[]>(),
  ]);
  const held = sirens.flatMap((s) => {
    const p = profiles.get(s);
    return p?.ok ? [p.value] : [];
  });
  const heads = held.flatMap((p) => (p.headOfficeSiret ? [p.headOfficeSiret] : []));
  const headRows = wantSiege || wantMatching ? await getEstablishmentDetails(db, heads) : [];
  const headOf = new Map(headRows.map((r) => [r.siren, r]));

  // One company's blocks read in sequence, the companies side by side (the pool's connections).
  return Promise.all(
    held.map(async (p) => {
      const x = extraOf.get(p.siren);
      const needLabels =
        include.has('complements') ||
        include.has('admin') ||
        include.has('etablissements') ||
        wantSiege ||
        wantMatching;
      const labels = needLabels ? await listCompanyLabels(db, p.siren) : [];
      const idcc = needLabels ? (await listAgreements(db, p.siren)).map((a) => a.idcc).sort() : [];
      const head = headOf.get(p.siren) ?? null;
      const base: Record<string, unknown> = {
        siren: p.siren,
        nom_complet: fullName(p),
        nom_raison_sociale: p.isNaturalPerson ? null : p.name,
        sigle: p.sigle,
        nombre_etablissements: p.establishmentCounts.total ?? x?.establishments.total ?? 0,
        nombre_etablissements_ouverts: p.establishmentCounts.open ?? x?.establishments.open ?? 0,
      };
      if (wantSiege)
        base.siege = head ? establishment(head, p, labels, idcc, 'siege') : emptySiege(p);
      Object.assign(base, {
        activite_principale: p.naf.code,
        activite_principale_naf25: null,
        categorie_entreprise: p.category.code,
        caractere_employeur: null,
        annee_categorie_entreprise: str(p.category.year),
        date_creation: p.creationDate,
        date_fermeture: p.ceasedDate,
        date_mise_a_jour: x?.updatedAt ?? null,
        date_mise_a_jour_insee: x?.sireneUpdatedAt ?? null,
        date_mise_a_jour_rne: x?.rneDate ?? null,
      });
      if (include.has('dirigeants')) base.dirigeants = await directorsOf(db, p);
      Object.assign(base, {
        etat_administratif: stateCode(p),
        nature_juridique: p.legalForm.code,
        section_activite_principale: nafSectionOf(p.naf.code),
        tranche_effectif_salarie: p.headcount.band,
        annee_tranche_effectif_salarie: str(p.headcount.year),
        statut_diffusion: p.protected ? 'P' : 'O',
      });
      if (wantMatching)
        base.matching_etablissements = (
          scope.none
            ? []
            : (matching.get(p.siren) ?? (head && !scope.matchedSiret.size ? [head] : []))
        )
          .slice(0, matchingSize)
          .map((r: EstRow) => establishment(r, p, labels, idcc, 'matching'));
      // The API's own key order (UniteLegaleResponse): the admin blocks among the others.
      if (include.has('etablissements'))
        base.etablissements = (
          await establishmentDetailsPage(db, p.siren, ((pageEtablissements ?? 1) - 1) * 100, 100)
        ).map((r) => establishment(r, p, labels, idcc, 'list'));
      if (include.has('immatriculation')) base.immatriculation = immatriculationOf(p);
      if (include.has('bodacc')) base.bodacc = bodaccOf(p, await bodaccStanding(db, p.siren));
      if (include.has('finances')) base.finances = await financesOf(db, p.siren);
      if (include.has('complements')) base.complements = complements(labels, idcc, p);
      if (include.has('tva')) base.tva = [p.vatNumber];
      if (include.has('score')) base.score = null;
      if (include.has('admin'))
        base.admin = {
          slug: slugOf(p),
          // The API's espace agent access, which our source gives as its former est_l100_3.
          a_acces_espace_agent: labels.some((l) => l.code === 'l100-3'),
        };
      return maskLikeTheApi(base, { naturalPerson: p.isNaturalPerson, protectedUnit: p.protected });
    }),
  );
}
