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

/**
 * The list, one difference a line: `path | kind | reason` (« Même raison » refers to the line
 * above).
 */
const TABLE = `
total_results | value | Notre recherche classe nos données, pas l’index de l’État : une recherche par nom compte au plus 500 entreprises classées, et nous ne détenons pas toutes celles qu’il connaît.
results[] | value | Même raison : le classement diffère, une entreprise que l’État place en page 1 peut être plus loin chez nous (le test la compare alors en la cherchant par son SIREN).
slug | absent | Champ des réponses plus anciennes ; la version actuelle de l’État le donne dans \`admin.slug\` (include_admin=admin), comme nous.
tva | extra | Servi par défaut comme le fait l’API de l’État ; les réponses enregistrées, demandées avec d’autres \`include\`, ne l’ont pas.
activite_principale_naf25 | extra | Champ ajouté par l’État en 2025 : une réponse enregistrée plus ancienne ne l’a pas ; nous le donnons (null).
siege.activite_principale_naf25 | extra | Même raison (champ NAF 2025 du siège).
siege.dernier_numero_voie | extra | Champ ajouté par l’État après certaines réponses enregistrées.
complements.a_aide_ademe | extra | Champ ajouté par l’État après certaines réponses enregistrées.
complements.a_aide_minimis | extra | Champ ajouté par l’État après certaines réponses enregistrées.
complements.est_administration | extra | Champ ajouté par l’État après certaines réponses enregistrées.
complements.est_avocat | extra | Champ ajouté par l’État après certaines réponses enregistrées.
complements.liste_finess_juridique | extra | Champ ajouté par l’État après certaines réponses enregistrées.
activite_principale_naf25 | value | La nomenclature NAF 2025 n’est pas dans nos données : null.
siege.activite_principale_naf25 | value | Même raison.
matching_etablissements[].activite_principale_naf25 | value | Même raison.
date_mise_a_jour | value | Notre date de mise à jour de la fiche (notre chargement), pas celle de l’index de l’État.
date_mise_a_jour_insee | value | La date de notre dernier chargement SIRENE de l’entreprise.
date_mise_a_jour_rne | value | La date que notre source donne à l’immatriculation (RNE via l’Annuaire), quand nous l’avons.
siege.date_mise_a_jour_insee | value | La date de notre dernier chargement SIRENE de l’établissement.
statut_diffusion | value | Une entreprise qu’aucune source ne décrit (123456789) est chez nous diffusible (« O ») : l’État répond null.
nom_complet | value | Nous n’ajoutons pas le nom commercial du siège entre parenthèses (nous le tenons avec les enseignes, dans \`liste_enseignes\`).
dirigeants | value | Diffusion partielle : l’État liste un dirigeant « [NON-DIFFUSIBLE] » (l’entrepreneur lui-même), nous n’en donnons aucun pour une personne masquée ; et nos dirigeants viennent de la meilleure source présente (RNE, Annuaire, BODACC).
dirigeants[] | absent | Même raison : l’entrée « [NON-DIFFUSIBLE] » de l’État n’a pas d’équivalent chez nous.
siege.liste_enseignes[] | absent | Diffusion partielle : pas d’enseigne « [NON-DIFFUSIBLE] ».
siege.liste_enseignes | value | Nous tenons enseignes et nom commercial dans une même liste.
siege.liste_enseignes[] | extra | Même raison : le nom commercial figure dans la liste des enseignes.
siege.nom_commercial | value | Tenu avec les enseignes (\`liste_enseignes\`) : null ici.
matching_etablissements[].liste_enseignes | value | Même raison que \`siege.liste_enseignes\`.
matching_etablissements[].liste_enseignes[] | extra | Même raison que \`siege.liste_enseignes\`.
matching_etablissements[].liste_enseignes[] | absent | Nous ne donnons pas toujours le même établissement que l’État (voir \`matching_etablissements\`) : le nôtre peut n’avoir aucune enseigne.
matching_etablissements[].nom_commercial | value | Même raison que \`siege.nom_commercial\`.
siege.activite_principale_registre_metier | value | Le code APRM (registre des métiers) n’est pas dans nos données : null.
siege.annee_tranche_effectif_salarie | value | L’année de l’effectif de l’établissement telle que notre source la donne (souvent absente de l’export de l’Annuaire).
matching_etablissements[].annee_tranche_effectif_salarie | value | Même raison.
siege.caractere_employeur | value | Le caractère employeur de l’établissement n’est pas dans l’export de l’Annuaire que nous chargeons : null sauf SIRENE.
matching_etablissements[].caractere_employeur | value | Même raison.
siege.date_debut_activite | value | Date de début d’activité de l’établissement : pas dans nos données (null).
matching_etablissements[].date_debut_activite | value | Même raison.
siege.coordonnees | value | Nos coordonnées sont stockées sur 4 octets (précision du mètre) : les décimales diffèrent.
siege.latitude | value | Même raison (précision).
siege.longitude | value | Même raison (précision).
matching_etablissements[].latitude | value | Même raison (précision).
matching_etablissements[].longitude | value | Même raison (précision).
siege.code_pays_etranger | value | Le code pays INSEE d’un siège à l’étranger n’est pas gardé (le libellé du pays l’est).
siege.geo_adresse | value | Le géocodage de la Base adresse nationale n’est pas dans nos données : null.
siege.geo_id | value | Même raison.
siege.liste_finess | value | Les listes d’identifiants (FINESS, Bio, organismes de formation, IDCC) sont tenues par entreprise chez nous, pas par établissement : chaque établissement porte celles de l’entreprise.
siege.liste_id_organisme_formation | value | Même raison.
siege.liste_id_organisme_formation[] | extra | Même raison.
siege.liste_idcc | value | Même raison.
siege.liste_idcc[] | extra | Même raison.
matching_etablissements[].liste_id_organisme_formation | value | Même raison.
matching_etablissements[].liste_id_organisme_formation[] | extra | Même raison.
matching_etablissements[].liste_idcc | value | Même raison.
matching_etablissements[].liste_finess[] | extra | Même raison.
matching_etablissements | value | Notre recherche classe des entreprises, pas des établissements : pour une recherche par nom nous donnons le siège (l’État, les établissements dont le nom ou l’adresse correspond) ; avec un lieu ou un point, les établissements ouverts de ce lieu.
matching_etablissements[] | absent | Même raison : un établissement que l’État fait correspondre et que nous ne tenons pas, ou qui n’est pas le siège.
matching_etablissements[] | extra | Même raison : nous donnons le siège là où l’État n’en donne pas.
complements.est_service_public | value | Champ retiré par l’État le 2 juin 2026 : sa version actuelle, que nous suivons, répond null ; les réponses enregistrées (mai 2026) y recopiaient est_administration (le test le vérifie).
complements.est_l100_3 | value | Même raison : null dans la version actuelle ; en mai 2026 il recopiait admin.a_acces_espace_agent (le test le vérifie).
immatriculation | value | Une réponse plus ancienne (123456789, entreprise qu’aucune source ne décrit) donne un bloc aux champs vides ; la version actuelle, comme nous, répond null sans immatriculation.
immatriculation.date_debut_activite | value | Le bloc RNE (include_admin=immatriculation) vient chez nous des dates et du capital que nos sources donnent ; la date de début d’activité du RNE n’est pas dans nos données (null).
immatriculation.nature_entreprise | value | Même raison : la nature de l’entreprise (formes d’exercice du RNE) n’est pas dans nos données (null).
immatriculation.nature_entreprise[] | absent | Même raison (liste vide chez nous).
immatriculation.duree_personne_morale | value | Même raison : durée de la personne morale absente de nos données.
immatriculation.date_fin_existence | value | Même raison : date de fin d’existence absente de nos données.
immatriculation.date_cloture_exercice | value | Même raison : date de clôture de l’exercice absente de nos données.
immatriculation.capital_variable | value | Même raison : le caractère variable du capital n’est pas dans nos données (null).
immatriculation.indicateur_associe_unique | value | Même raison : l’indicateur d’associé unique n’est pas dans nos données (null).
admin.a_acces_espace_agent | value | Accès à l’espace agent : nous le lisons de l’ancien est_l100_3 de nos réponses enregistrées ; les listes de l’État (natures juridiques, liste blanche) ne sont pas appliquées ici.
admin.slug | value | Le slug de l’État part de son nom complet, qui ajoute le nom commercial du siège (voir \`nom_complet\`).
etablissements[].adresse | value | La liste des établissements (include_admin=etablissements) : nous n’avons gardé de notre source, pour la plupart, que le code postal et la commune.
etablissements[].ancien_siege | value | Un ancien siège n’est pas marqué dans nos données (false).
etablissements[].activite_principale_naf25 | value | Même raison que \`siege.activite_principale_naf25\`.
etablissements[].annee_tranche_effectif_salarie | value | Même raison que \`siege.annee_tranche_effectif_salarie\`.
etablissements[].caractere_employeur | value | Même raison que \`siege.caractere_employeur\`.
etablissements[].date_debut_activite | value | Même raison que \`siege.date_debut_activite\`.
etablissements[].geo_id | value | Même raison que \`siege.geo_id\`.
etablissements[].latitude | value | Même raison que \`siege.latitude\` (précision).
etablissements[].longitude | value | Même raison que \`siege.longitude\` (précision).
etablissements[].liste_enseignes | value | Même raison que \`siege.liste_enseignes\`.
etablissements[].nom_commercial | value | Même raison que \`siege.nom_commercial\`.
etablissements[].liste_idcc | value | Même raison que \`siege.liste_idcc\` (tenues par entreprise).
etablissements[].liste_id_organisme_formation | value | Même raison que \`siege.liste_id_organisme_formation\`.
etablissements[].liste_id_organisme_formation[] | extra | Même raison que \`siege.liste_id_organisme_formation[]\`.
etablissements[].liste_finess | value | Même raison que \`siege.liste_finess\`.
matching_etablissements[].adresse | value | Même raison que \`etablissements[].adresse\` : la rue d’un établissement autre que le siège manque souvent à nos données.
immatriculation.date_debut_activite | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.date_immatriculation | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.date_radiation | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.duree_personne_morale | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.date_fin_existence | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.nature_entreprise | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.date_cloture_exercice | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.capital_social | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.capital_variable | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.devise_capital | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
immatriculation.indicateur_associe_unique | absent | Même raison que la valeur de \`immatriculation\` (123456789 : null chez nous).
`;

const KINDS = new Set<string>(['absent', 'extra', 'type', 'value']);

export const KNOWN_DIFFERENCES: KnownDifference[] = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [path, kind, reason] = line.split(' | ');
    if (!path || !kind || !KINDS.has(kind) || !reason) throw new Error(`differences: ${line}`);
    return { path, kind: kind as KnownDifference['kind'], reason };
  });

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
