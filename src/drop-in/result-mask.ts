/**
 * The government API's visible mask on a drop-in result (« [NON-DIFFUSIBLE] »), applied by
 * results.ts on top of our own protection rules.
 */

/** The API's mask for what partial diffusion hides (its `mask_unite_legale`). */
const ND = '[NON-DIFFUSIBLE]';
const ESTABLISHMENT_MASKED = [
  'adresse',
  'cedex',
  'code_postal',
  'complement_adresse',
  'coordonnees',
  'distribution_speciale',
  'indice_repetition',
  'longitude',
  'latitude',
  'libelle_cedex',
  'libelle_voie',
  'numero_voie',
  'dernier_numero_voie',
  'type_voie',
];
const PERSON_MASKED = ['nom', 'prenoms', 'annee_de_naissance', 'date_de_naissance', 'nationalite'];

function mask(o: Record<string, unknown>, fields: readonly string[]) {
  for (const f of fields) if (f in o) o[f] = ND;
}

/**
 * On top of our own rule (values hidden as null, people who objected left out), the API's
 * visible mark: a protected unit's sigle (and a natural person's names) and a protected
 * establishment's address read « [NON-DIFFUSIBLE] », as clients of the API expect.
 */
export function maskLikeTheApi(
  r: Record<string, unknown>,
  who: { naturalPerson: boolean; protectedUnit: boolean },
): Record<string, unknown> {
  const establishmentMask = (e: Record<string, unknown>) => {
    if (!who.protectedUnit && e.statut_diffusion_etablissement !== 'P') return;
    if (who.naturalPerson) {
      if (Array.isArray(e.liste_enseignes) && e.liste_enseignes.length)
        e.liste_enseignes = e.liste_enseignes.map(() => ND);
      mask(e, ['nom_commercial']);
    }
    mask(e, ESTABLISHMENT_MASKED);
  };
  if (who.protectedUnit) {
    mask(r, who.naturalPerson ? ['nom_complet', 'nom_raison_sociale', 'sigle'] : ['sigle']);
    for (const d of (r.dirigeants as Array<Record<string, unknown>> | undefined) ?? [])
      if (d.type_dirigeant === 'personne physique') mask(d, PERSON_MASKED);
  }
  if (r.siege && typeof r.siege === 'object' && Object.keys(r.siege).length)
    establishmentMask(r.siege as Record<string, unknown>);
  for (const key of ['matching_etablissements', 'etablissements'])
    for (const e of (r[key] as Array<Record<string, unknown>> | undefined) ?? [])
      establishmentMask(e);
  return r;
}
