/**
 * The known differences between our drop-in (src/drop-in/handlers.ts) and the
 * government's answers, as the replay test (drop-in.test.ts) finds them on the
 * stored answers: one list, which the test checks both ways (an unlisted difference fails, a
 * listed one that no longer occurs fails) and which docs/DROP-IN.md prints (same test).
 * `path`: a field of a result (`siege.adresse`, `dirigeants[].qualite`, `finances.*`), or of the
 * answer itself (`total_results`); a field absent (or extra) as a whole stands for its own fields. `kind`: absent (their field, not ours), extra (ours, not
 * theirs), type (both, of different JSON types), value (same field, another value).
 */
export type KnownDifference = {
  path: string;
  kind: 'absent' | 'extra' | 'type' | 'value';
  reason: string;
};

export const KNOWN_DIFFERENCES: KnownDifference[] = [
  {
    path: 'total_results',
    kind: 'value',
    reason:
      'Notre recherche classe nos données, pas l’index de l’État : une recherche par nom compte au plus 500 entreprises classées, et nous ne détenons pas toutes celles qu’il connaît.',
  },
  {
    path: 'results[]',
    kind: 'value',
    reason:
      'Même raison : le classement diffère, une entreprise que l’État place en page 1 peut être plus loin chez nous (le test la compare alors en la cherchant par son SIREN).',
  },
  {
    path: 'admin',
    kind: 'absent',
    reason: 'Champs réservés au site de l’Annuaire des Entreprises (`include_admin`), non servis.',
  },
  {
    path: 'immatriculation',
    kind: 'absent',
    reason:
      'Bloc `include_admin` de l’État, non servi (le capital et l’immatriculation sont dans /api/companies/{siren}).',
  },
  {
    path: 'etablissements',
    kind: 'absent',
    reason:
      'Bloc `include_admin` de l’État, non servi (les établissements sont dans /api/companies/{siren}/establishments).',
  },
  { path: 'slug', kind: 'absent', reason: 'Champ `include_admin` de l’État, non servi.' },
  {
    path: 'tva',
    kind: 'extra',
    reason:
      'Servi par défaut comme le fait l’API de l’État ; les réponses enregistrées, demandées avec d’autres `include`, ne l’ont pas.',
  },
  {
    path: 'activite_principale_naf25',
    kind: 'extra',
    reason:
      'Champ ajouté par l’État en 2025 : une réponse enregistrée plus ancienne ne l’a pas ; nous le donnons (null).',
  },
  {
    path: 'siege.activite_principale_naf25',
    kind: 'extra',
    reason: 'Même raison (champ NAF 2025 du siège).',
  },
  {
    path: 'siege.dernier_numero_voie',
    kind: 'extra',
    reason: 'Champ ajouté par l’État après certaines réponses enregistrées.',
  },
  {
    path: 'complements.a_aide_ademe',
    kind: 'extra',
    reason: 'Champ ajouté par l’État après certaines réponses enregistrées.',
  },
  {
    path: 'complements.a_aide_minimis',
    kind: 'extra',
    reason: 'Champ ajouté par l’État après certaines réponses enregistrées.',
  },
  {
    path: 'complements.est_administration',
    kind: 'extra',
    reason: 'Champ ajouté par l’État après certaines réponses enregistrées.',
  },
  {
    path: 'complements.est_avocat',
    kind: 'extra',
    reason: 'Champ ajouté par l’État après certaines réponses enregistrées.',
  },
  {
    path: 'complements.liste_finess_juridique',
    kind: 'extra',
    reason: 'Champ ajouté par l’État après certaines réponses enregistrées.',
  },
  {
    path: 'activite_principale_naf25',
    kind: 'value',
    reason: 'La nomenclature NAF 2025 n’est pas dans nos données : null.',
  },
  { path: 'siege.activite_principale_naf25', kind: 'value', reason: 'Même raison.' },
  {
    path: 'matching_etablissements[].activite_principale_naf25',
    kind: 'value',
    reason: 'Même raison.',
  },
  {
    path: 'date_mise_a_jour',
    kind: 'value',
    reason:
      'Notre date de mise à jour de la fiche (notre chargement), pas celle de l’index de l’État.',
  },
  {
    path: 'date_mise_a_jour_insee',
    kind: 'value',
    reason: 'La date de notre dernier chargement SIRENE de l’entreprise.',
  },
  {
    path: 'date_mise_a_jour_rne',
    kind: 'value',
    reason:
      'La date que notre source donne à l’immatriculation (RNE via l’Annuaire), quand nous l’avons.',
  },
  {
    path: 'siege.date_mise_a_jour_insee',
    kind: 'value',
    reason: 'La date de notre dernier chargement SIRENE de l’établissement.',
  },
  {
    path: 'statut_diffusion',
    kind: 'value',
    reason:
      'Une entreprise qu’aucune source ne décrit (123456789) est chez nous diffusible (« O ») : l’État répond null.',
  },
  {
    path: 'nom_complet',
    kind: 'value',
    reason:
      'Nous n’ajoutons pas le nom commercial du siège entre parenthèses (nous le tenons avec les enseignes, dans `liste_enseignes`) ; et diffusion partielle : voir `nom_raison_sociale`.',
  },
  {
    path: 'nom_raison_sociale',
    kind: 'value',
    reason:
      'Diffusion partielle : nous appliquons la règle de nos autres API (le nom d’une personne morale reste affiché, celui d’une personne physique est masqué : null) ; l’État écrit « [NON-DIFFUSIBLE] ».',
  },
  {
    path: 'sigle',
    kind: 'value',
    reason: 'Même règle de diffusion partielle (null plutôt que « [NON-DIFFUSIBLE] »).',
  },
  {
    path: 'dirigeants',
    kind: 'value',
    reason:
      'Diffusion partielle : l’État liste un dirigeant « [NON-DIFFUSIBLE] », nous n’en donnons aucun pour une personne masquée ; et nos dirigeants viennent de la meilleure source présente (RNE, Annuaire, BODACC).',
  },
  {
    path: 'dirigeants[]',
    kind: 'absent',
    reason: 'Même raison : l’entrée « [NON-DIFFUSIBLE] » de l’État n’a pas d’équivalent chez nous.',
  },
  {
    path: 'siege.adresse',
    kind: 'value',
    reason:
      'Diffusion partielle : la rue est masquée, la commune reste (null plutôt que « [NON-DIFFUSIBLE] »).',
  },
  { path: 'siege.cedex', kind: 'value', reason: 'Diffusion partielle (voir `siege.adresse`).' },
  {
    path: 'siege.code_postal',
    kind: 'value',
    reason: 'Diffusion partielle (voir `siege.adresse`).',
  },
  {
    path: 'siege.complement_adresse',
    kind: 'value',
    reason: 'Diffusion partielle (voir `siege.adresse`).',
  },
  {
    path: 'siege.dernier_numero_voie',
    kind: 'value',
    reason: 'Diffusion partielle (voir `siege.adresse`).',
  },
  {
    path: 'siege.distribution_speciale',
    kind: 'value',
    reason: 'Diffusion partielle (voir `siege.adresse`).',
  },
  {
    path: 'siege.indice_repetition',
    kind: 'value',
    reason: 'Diffusion partielle (voir `siege.adresse`).',
  },
  {
    path: 'siege.libelle_cedex',
    kind: 'value',
    reason:
      'Diffusion partielle (voir `siege.adresse`) ; le libellé du cedex n’est pas dans nos données.',
  },
  {
    path: 'siege.libelle_voie',
    kind: 'value',
    reason: 'Diffusion partielle (voir `siege.adresse`).',
  },
  {
    path: 'siege.numero_voie',
    kind: 'value',
    reason: 'Diffusion partielle (voir `siege.adresse`).',
  },
  { path: 'siege.type_voie', kind: 'value', reason: 'Diffusion partielle (voir `siege.adresse`).' },
  {
    path: 'siege.liste_enseignes[]',
    kind: 'absent',
    reason: 'Diffusion partielle : pas d’enseigne « [NON-DIFFUSIBLE] ».',
  },
  {
    path: 'siege.liste_enseignes',
    kind: 'value',
    reason:
      'Nous tenons enseignes et nom commercial dans une même liste ; diffusion partielle (voir `siege.adresse`).',
  },
  {
    path: 'siege.liste_enseignes[]',
    kind: 'extra',
    reason: 'Même raison : le nom commercial figure dans la liste des enseignes.',
  },
  {
    path: 'siege.nom_commercial',
    kind: 'value',
    reason: 'Tenu avec les enseignes (`liste_enseignes`) : null ici.',
  },
  {
    path: 'matching_etablissements[].liste_enseignes',
    kind: 'value',
    reason: 'Même raison que `siege.liste_enseignes`.',
  },
  {
    path: 'matching_etablissements[].liste_enseignes[]',
    kind: 'extra',
    reason: 'Même raison que `siege.liste_enseignes`.',
  },
  {
    path: 'matching_etablissements[].liste_enseignes[]',
    kind: 'absent',
    reason:
      'Nous ne donnons pas toujours le même établissement que l’État (voir `matching_etablissements`) : le nôtre peut n’avoir aucune enseigne.',
  },
  {
    path: 'matching_etablissements[].nom_commercial',
    kind: 'value',
    reason: 'Même raison que `siege.nom_commercial`.',
  },
  {
    path: 'siege.activite_principale_registre_metier',
    kind: 'value',
    reason: 'Le code APRM (registre des métiers) n’est pas dans nos données : null.',
  },
  {
    path: 'siege.annee_tranche_effectif_salarie',
    kind: 'value',
    reason:
      'L’année de l’effectif de l’établissement telle que notre source la donne (souvent absente de l’export de l’Annuaire).',
  },
  {
    path: 'matching_etablissements[].annee_tranche_effectif_salarie',
    kind: 'value',
    reason: 'Même raison.',
  },
  {
    path: 'siege.caractere_employeur',
    kind: 'value',
    reason:
      'Le caractère employeur de l’établissement n’est pas dans l’export de l’Annuaire que nous chargeons : null sauf SIRENE.',
  },
  { path: 'matching_etablissements[].caractere_employeur', kind: 'value', reason: 'Même raison.' },
  {
    path: 'siege.date_debut_activite',
    kind: 'value',
    reason: 'Date de début d’activité de l’établissement : pas dans nos données (null).',
  },
  { path: 'matching_etablissements[].date_debut_activite', kind: 'value', reason: 'Même raison.' },
  {
    path: 'siege.coordonnees',
    kind: 'value',
    reason:
      'Nos coordonnées sont stockées sur 4 octets (précision du mètre) : les décimales diffèrent.',
  },
  { path: 'siege.latitude', kind: 'value', reason: 'Même raison (précision).' },
  { path: 'siege.longitude', kind: 'value', reason: 'Même raison (précision).' },
  { path: 'matching_etablissements[].latitude', kind: 'value', reason: 'Même raison (précision).' },
  {
    path: 'matching_etablissements[].longitude',
    kind: 'value',
    reason: 'Même raison (précision).',
  },
  {
    path: 'siege.code_pays_etranger',
    kind: 'value',
    reason:
      'Le code pays INSEE d’un siège à l’étranger n’est pas gardé (le libellé du pays l’est).',
  },
  {
    path: 'siege.geo_adresse',
    kind: 'value',
    reason: 'Le géocodage de la Base adresse nationale n’est pas dans nos données : null.',
  },
  { path: 'siege.geo_id', kind: 'value', reason: 'Même raison.' },
  {
    path: 'siege.liste_finess',
    kind: 'value',
    reason:
      'Les listes d’identifiants (FINESS, Bio, organismes de formation, IDCC) sont tenues par entreprise chez nous, pas par établissement : chaque établissement porte celles de l’entreprise.',
  },
  { path: 'siege.liste_id_organisme_formation', kind: 'value', reason: 'Même raison.' },
  { path: 'siege.liste_id_organisme_formation[]', kind: 'extra', reason: 'Même raison.' },
  { path: 'siege.liste_idcc', kind: 'value', reason: 'Même raison.' },
  { path: 'siege.liste_idcc[]', kind: 'extra', reason: 'Même raison.' },
  {
    path: 'matching_etablissements[].liste_id_organisme_formation',
    kind: 'value',
    reason: 'Même raison.',
  },
  {
    path: 'matching_etablissements[].liste_id_organisme_formation[]',
    kind: 'extra',
    reason: 'Même raison.',
  },
  { path: 'matching_etablissements[].liste_idcc', kind: 'value', reason: 'Même raison.' },
  { path: 'matching_etablissements[].liste_finess[]', kind: 'extra', reason: 'Même raison.' },
  {
    path: 'matching_etablissements',
    kind: 'value',
    reason:
      'Notre recherche classe des entreprises, pas des établissements : pour une recherche par nom nous donnons le siège (l’État, les établissements dont le nom ou l’adresse correspond) ; avec un lieu ou un point, les établissements ouverts de ce lieu.',
  },
  {
    path: 'matching_etablissements[]',
    kind: 'absent',
    reason:
      'Même raison : un établissement que l’État fait correspondre et que nous ne tenons pas, ou qui n’est pas le siège.',
  },
  {
    path: 'matching_etablissements[]',
    kind: 'extra',
    reason: 'Même raison : nous donnons le siège là où l’État n’en donne pas.',
  },
  {
    path: 'complements.collectivite_territoriale.elus',
    kind: 'value',
    reason: 'Les élus (RNE des élus) ne sont pas dans nos données : liste vide.',
  },
  {
    path: 'complements.collectivite_territoriale.elus[]',
    kind: 'absent',
    reason: 'Même raison : pas d’élus, donc aucun de leurs champs.',
  },
  {
    path: 'complements.collectivite_territoriale.niveau',
    kind: 'value',
    reason: 'Le niveau de la collectivité n’est pas gardé : null.',
  },
];

/** The Markdown table docs/DROP-IN.md prints between its markers. */
export function differencesMarkdown(): string {
  const rows = KNOWN_DIFFERENCES.map(
    (d) => `| \`${d.path}\` | ${KIND_LABELS[d.kind]} | ${d.reason} |`,
  );
  return ['| Champ | Différence | Pourquoi |', '| --- | --- | --- |', ...rows].join('\n');
}

const KIND_LABELS: Record<KnownDifference['kind'], string> = {
  absent: 'absent chez nous',
  extra: 'en plus chez nous',
  type: 'type différent',
  value: 'valeur différente',
};
