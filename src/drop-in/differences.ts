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
    path: 'slug',
    kind: 'absent',
    reason:
      'Champ des réponses plus anciennes ; la version actuelle de l’État le donne dans `admin.slug` (include_admin=admin), comme nous.',
  },
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
      'Nous n’ajoutons pas le nom commercial du siège entre parenthèses (nous le tenons avec les enseignes, dans `liste_enseignes`).',
  },
  {
    path: 'dirigeants',
    kind: 'value',
    reason:
      'Diffusion partielle : l’État liste un dirigeant « [NON-DIFFUSIBLE] » (l’entrepreneur lui-même), nous n’en donnons aucun pour une personne masquée ; et nos dirigeants viennent de la meilleure source présente (RNE, Annuaire, BODACC).',
  },
  {
    path: 'dirigeants[]',
    kind: 'absent',
    reason: 'Même raison : l’entrée « [NON-DIFFUSIBLE] » de l’État n’a pas d’équivalent chez nous.',
  },
  {
    path: 'siege.liste_enseignes[]',
    kind: 'absent',
    reason: 'Diffusion partielle : pas d’enseigne « [NON-DIFFUSIBLE] ».',
  },
  {
    path: 'siege.liste_enseignes',
    kind: 'value',
    reason: 'Nous tenons enseignes et nom commercial dans une même liste.',
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
    path: 'complements.est_service_public',
    kind: 'value',
    reason:
      'Champ retiré par l’État le 2 juin 2026 : sa version actuelle, que nous suivons, répond null ; les réponses enregistrées (mai 2026) y recopiaient est_administration (le test le vérifie).',
  },
  {
    path: 'complements.est_l100_3',
    kind: 'value',
    reason:
      'Même raison : null dans la version actuelle ; en mai 2026 il recopiait admin.a_acces_espace_agent (le test le vérifie).',
  },
  {
    path: 'immatriculation',
    kind: 'value',
    reason:
      'Une réponse plus ancienne (123456789, entreprise qu’aucune source ne décrit) donne un bloc aux champs vides ; la version actuelle, comme nous, répond null sans immatriculation.',
  },
  {
    path: 'immatriculation.date_debut_activite',
    kind: 'value',
    reason:
      'Le bloc RNE (include_admin=immatriculation) vient chez nous des dates et du capital que nos sources donnent ; la date de début d’activité du RNE n’est pas dans nos données (null).',
  },
  {
    path: 'immatriculation.nature_entreprise',
    kind: 'value',
    reason:
      'Même raison : la nature de l’entreprise (formes d’exercice du RNE) n’est pas dans nos données (null).',
  },
  {
    path: 'immatriculation.nature_entreprise[]',
    kind: 'absent',
    reason: 'Même raison (liste vide chez nous).',
  },
  {
    path: 'immatriculation.duree_personne_morale',
    kind: 'value',
    reason: 'Même raison : durée de la personne morale absente de nos données.',
  },
  {
    path: 'immatriculation.date_fin_existence',
    kind: 'value',
    reason: 'Même raison : date de fin d’existence absente de nos données.',
  },
  {
    path: 'immatriculation.date_cloture_exercice',
    kind: 'value',
    reason: 'Même raison : date de clôture de l’exercice absente de nos données.',
  },
  {
    path: 'immatriculation.capital_variable',
    kind: 'value',
    reason: 'Même raison : le caractère variable du capital n’est pas dans nos données (null).',
  },
  {
    path: 'immatriculation.indicateur_associe_unique',
    kind: 'value',
    reason: 'Même raison : l’indicateur d’associé unique n’est pas dans nos données (null).',
  },
  {
    path: 'admin.a_acces_espace_agent',
    kind: 'value',
    reason:
      'Accès à l’espace agent : nous le lisons de l’ancien est_l100_3 de nos réponses enregistrées ; les listes de l’État (natures juridiques, liste blanche) ne sont pas appliquées ici.',
  },
  {
    path: 'admin.slug',
    kind: 'value',
    reason:
      'Le slug de l’État part de son nom complet, qui ajoute le nom commercial du siège (voir `nom_complet`).',
  },
  {
    path: 'etablissements[].adresse',
    kind: 'value',
    reason:
      'La liste des établissements (include_admin=etablissements) : nous n’avons gardé de notre source, pour la plupart, que le code postal et la commune.',
  },
  {
    path: 'etablissements[].ancien_siege',
    kind: 'value',
    reason: 'Un ancien siège n’est pas marqué dans nos données (false).',
  },
  {
    path: 'etablissements[].activite_principale_naf25',
    kind: 'value',
    reason: 'Même raison que `siege.activite_principale_naf25`.',
  },
  {
    path: 'etablissements[].annee_tranche_effectif_salarie',
    kind: 'value',
    reason: 'Même raison que `siege.annee_tranche_effectif_salarie`.',
  },
  {
    path: 'etablissements[].caractere_employeur',
    kind: 'value',
    reason: 'Même raison que `siege.caractere_employeur`.',
  },
  {
    path: 'etablissements[].date_debut_activite',
    kind: 'value',
    reason: 'Même raison que `siege.date_debut_activite`.',
  },
  {
    path: 'etablissements[].geo_id',
    kind: 'value',
    reason: 'Même raison que `siege.geo_id`.',
  },
  {
    path: 'etablissements[].latitude',
    kind: 'value',
    reason: 'Même raison que `siege.latitude` (précision).',
  },
  {
    path: 'etablissements[].longitude',
    kind: 'value',
    reason: 'Même raison que `siege.longitude` (précision).',
  },
  {
    path: 'etablissements[].liste_enseignes',
    kind: 'value',
    reason: 'Même raison que `siege.liste_enseignes`.',
  },
  {
    path: 'etablissements[].nom_commercial',
    kind: 'value',
    reason: 'Même raison que `siege.nom_commercial`.',
  },
  {
    path: 'etablissements[].liste_idcc',
    kind: 'value',
    reason: 'Même raison que `siege.liste_idcc` (tenues par entreprise).',
  },
  {
    path: 'etablissements[].liste_id_organisme_formation',
    kind: 'value',
    reason: 'Même raison que `siege.liste_id_organisme_formation`.',
  },
  {
    path: 'etablissements[].liste_id_organisme_formation[]',
    kind: 'extra',
    reason: 'Même raison que `siege.liste_id_organisme_formation[]`.',
  },
  {
    path: 'etablissements[].liste_finess',
    kind: 'value',
    reason: 'Même raison que `siege.liste_finess`.',
  },
  {
    path: 'matching_etablissements[].adresse',
    kind: 'value',
    reason:
      'Même raison que `etablissements[].adresse` : la rue d’un établissement autre que le siège manque souvent à nos données.',
  },
  {
    path: 'immatriculation.date_debut_activite',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.date_immatriculation',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.date_radiation',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.duree_personne_morale',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.date_fin_existence',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.nature_entreprise',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.date_cloture_exercice',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.capital_social',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.capital_variable',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.devise_capital',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
  },
  {
    path: 'immatriculation.indicateur_associe_unique',
    kind: 'absent',
    reason: 'Même raison que la valeur de `immatriculation` (123456789 : null chez nous).',
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
