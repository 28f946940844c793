/**
 * The government API's validation, message for message: the strings below are the API's own
 * (search-api SearchParams and its end-to-end suite app/tests/e2e_tests/test_api.py), clients parse
 * them. The first failing rule wins, fields in the model's declaration order.
 */
import { describe, expect, it } from 'vitest';
import { validateGovParams, type DropInKind, type GovParams } from './validation';

function error(query: string, kind: DropInKind = 'search'): string | null {
  const r = validateGovParams(new URLSearchParams(query), kind);
  return 'body' in r ? r.body.erreur : null;
}
function ok(query: string, kind: DropInKind = 'search'): GovParams {
  const r = validateGovParams(new URLSearchParams(query), kind);
  if ('body' in r) throw new Error(r.body.erreur);
  return r;
}

const SHORT = '3 caractères minimum pour les termes de la requête (ou utilisez au moins un filtre)';
const NONE = 'Veuillez indiquer au moins un paramètre de recherche.';

describe('the API’s messages (its end-to-end suite)', () => {
  it('refuses a query of fewer than 3 characters alone, an empty q too', () => {
    expect(error('q=ab')).toBe(SHORT);
    expect(error('q=')).toBe(SHORT);
    expect(error('q=ab&per_page=5&limite_matching_etablissements=3&minimal=false')).toBe(SHORT);
    expect(error('q=abc')).toBeNull();
    expect(error('q=ab&code_postal=75015')).toBeNull();
    // page_etablissements counts as a filter for this rule (not for « au moins un paramètre »).
    expect(error('q=ab&page_etablissements=1')).toBeNull();
    expect(error('page_etablissements=1')).toBe(NONE);
  });
  it('ignores unknown parameters, prototype names included, and needs one search parameter', () => {
    expect(error('qs=ganymede')).toBe(NONE);
    expect(error('localisation=45000')).toBe(NONE);
    expect(error('constructor=1&__proto__=1&toString=x')).toBe(NONE);
    expect(error('q=ganymede&constructor=1&est_service_public=true&est_l100_3=false')).toBeNull();
    expect(error('minimal=true')).toBe(NONE);
    expect(error('minimal=true&include=siege')).toBe(NONE);
  });
  it('dates', () => {
    expect(error('date_naissance_personne_min=13/09/2001')).toBe(
      "Veuillez indiquer une date sous le format : aaaa-mm-jj. Exemple : '1990-01-02'",
    );
    expect(
      error(
        'nom_personne=x&date_naissance_personne_min=2000-01-02&date_naissance_personne_max=1999-01-01',
      ),
    ).toBe('Veuillez indiquer une date minimale inférieure à la date maximale.');
    // Python's date.fromisoformat: basic format and ISO weeks too.
    expect(ok('date_naissance_personne_min=19900102').dateMin).toBe('1990-01-02');
    expect(ok('date_naissance_personne_min=1990-W01-1').dateMin).toBe('1990-01-01');
    expect(ok('date_naissance_personne_min=2021W01').dateMin).toBe('2021-01-04');
    expect(error('date_naissance_personne_min=2021-02-29')).not.toBeNull();
    expect(ok('date_naissance_personne_min=2020-02-29').dateMin).toBe('2020-02-29');
  });
  it('numbers', () => {
    expect(error('q=abc&page=0')).toBe(
      'Veuillez indiquer un paramètre `page` entre `1` et `1000`, par défaut `1`.',
    );
    expect(error('q=abc&per_page=0')).toBe(
      'Veuillez indiquer un paramètre `per_page` entre `1` et `25`, par défaut `10`.',
    );
    expect(error('q=abc&page=x')).toBe('Veuillez indiquer un paramètre `page` entier.');
    expect(error('q=abc&page=')).toBe('Veuillez indiquer un paramètre `page` entier.');
    expect(error('q=abc&limite_matching_etablissements=101')).toBe(
      'Veuillez indiquer un paramètre `matching_size` entre `1` et `100`, par défaut `10`.',
    );
    expect(error('q=abc&page_etablissements=0')).toBe(
      'Veuillez indiquer un paramètre `page_etablissements` entre `1` et `1000`, par défaut `None`.',
    );
    expect(error('q=abc&ca_min=9223372036854775296')).toBe(
      'Veuillez indiquer un paramètre `ca_min` entre `-9223372036854775295` et `9223372036854775295`, par défaut `None`.',
    );
    expect(ok('q=abc&ca_min=9223372036854775295').caMin).toBe(9223372036854775295n);
    // Python's int(): whitespace, a sign and underscores are accepted.
    expect(ok('q=abc&page= +1_0 ').page).toBe(10);
    expect(error('q=abc&page=1.5')).toBe('Veuillez indiquer un paramètre `page` entier.');
    expect(error('q=abc&page=401&per_page=25')).toContain(
      'Le nombre total de résultats est restreint à 10 000. Pour garantir cela,',
    );
  });
  it('near_point', () => {
    expect(error('lat=nan&long=2', 'near_point')).toBe(
      'Veuillez indiquer un paramètre `lat` flottant.',
    );
    expect(error('long=2', 'near_point')).toBe(
      "Les paramètres 'lat' et 'long' sont obligatoires pour une recherche géographique.",
    );
    expect(error('lat=48&long=2&q=abc', 'near_point')).toBe(
      "Le paramètre 'terms' n'est pas autorisé pour une recherche géographique.",
    );
    expect(error('lat=48&long=200', 'near_point')).toBe(
      'Veuillez indiquer un paramètre `lon` entre `-180` et `180`, par défaut `None`.',
    );
    expect(error('lat=48&long=2&radius=51', 'near_point')).toBe(
      'Veuillez indiquer un paramètre `radius` entre `0.001` et `50`, par défaut `5`.',
    );
    expect(error('q=abc&lat=48')).toBe(
      "Les paramètres 'lat', 'long' ne sont autorisés que pour une recherche géographique.",
    );
    // radius is validated on /search, then ignored.
    expect(error('q=abc&radius=3')).toBeNull();
    expect(error('q=abc&radius=x')).toBe('Veuillez indiquer un paramètre `radius` flottant.');
    expect(ok('lat=48.8&long=2.3&radius=1e-2', 'near_point').radius).toBe(0.01);
  });
  it('lists: cleaned, then checked against the API’s own lists', () => {
    expect(ok('departement=2a, 35&q=abc').lists.departement).toEqual(['2A', '35']);
    expect(ok('activite_principale=01.11z').lists.activite_principale_unite_legale).toEqual([
      '01.11Z',
    ]);
    const dep = error('departement=99')!;
    expect(
      dep.startsWith(
        "Au moins un paramètre `departement` est non valide. Les valeurs valides : ['01', '02',",
      ),
    ).toBe(true);
    expect(dep.endsWith("'988', '989'].")).toBe(true);
    // The file's order, not JavaScript's integer-keys-first order.
    expect(error('nature_juridique=1')).toMatch(
      /^Au moins un paramètre `nature_juridique` est non valide\. Les valeurs valides : \['0000', '1000', '2110',/,
    );
    expect(error('region=99')).toMatch(
      /Les valeurs valides : \['01', '02', '03', '04', '06', '11',/,
    );
    expect(error('categorie_entreprise=XL')).toBe(
      "Au moins un paramètre `categorie_entreprise` est non valide. Les valeurs valides : ['GE', 'PME', 'ETI'].",
    );
    expect(error('code_postal=7500')).toBe(
      'Au moins une valeur du paramètre code_postal est non valide.',
    );
    expect(error('code_commune=1')).toBe(
      'Au moins une valeur du paramètre commune est non valide.',
    );
    expect(error('epci=12')).toBe('Au moins une valeur du paramètre epci est non valide.');
    expect(error('code_collectivite_territoriale=7')).toBe(
      "Chaque identifiant code insee d'une collectivité\n                    territoriale doit contenir au moins 2 caractères.",
    );
    expect(ok('code_postal=35000,75001').lists.code_postal).toEqual(['35000', '75001']);
  });
  it('booleans, types and identifiers', () => {
    expect(error('est_ess=oui')).toBe("est_ess doit prendre la valeur 'true' ou 'false' !");
    expect(error('q=abc&minimal=1')).toBe("minimal doit prendre la valeur 'true' ou 'false' !");
    expect(ok('est_ess=FALSE').booleans.est_ess).toBe(false);
    expect(ok('est_societe_mission=true').booleans.est_societe_mission).toBe(true);
    expect(error('nom_personne=x&type_personne=maire')).toBe(
      "Le paramètre `type_personne` doit prendre une des valeurs suivantes ['ELU', 'DIRIGEANT'].",
    );
    expect(ok('nom_personne=x&type_personne=elu').typePersonne).toBe('ELU');
    expect(error('etat_administratif=F')).toBe(
      "Le paramètre `etat_administratif` doit prendre une des valeurs suivantes ['A', 'C'].",
    );
    expect(error('id_finess=1234')).toBe('Le paramètre `id_finess` doit contenir 9 caractères.');
    expect(error('id_uai=1234')).toBe('Le paramètre `id_uai` doit contenir 8 caractères.');
    expect(error('id_convention_collective=12')).toBe(
      'Le paramètre `id_convention_collective` doit contenir 4 caractères.',
    );
    expect(ok('nom_personne=Jouppe-Martin').nomPersonne).toBe('jouppe martin');
  });
  it('include and minimal', () => {
    expect(error('q=abc&include=siege')).toBe(
      'Veuillez indiquer si vous souhaitez une réponse minimale avec le filtre `minimal=True`` avant de préciser les champs à inclure.',
    );
    expect(error('q=abc&minimal=true&include=foo')).toBe(
      "Au moins un champ à inclure est non valide. Les champs valides : ['complements', 'dirigeants', 'finances', 'score', 'siege', 'matching_etablissements', 'tva'].",
    );
    expect(error('q=abc&include_admin=foo')).toBe(
      "Au moins un champ à inclure est non valide. Les champs valides : ['etablissements', 'immatriculation', 'bodacc', 'admin'].",
    );
    expect(ok('q=abc&minimal=true&include=siege,TVA').include).toEqual(['siege', 'tva']);
    expect(ok('q=abc&include_admin=admin,etablissements').includeAdmin).toEqual([
      'admin',
      'etablissements',
    ]);
  });
});

describe('the order of the rules (the first failing one wins)', () => {
  it('fields in declaration order, before the cross-field rules', () => {
    // include without minimal is a cross-field rule: the 3-character rule comes later still.
    expect(error('q=ab&include=siege')).toContain('minimal=True');
    // page (first field) before a bad boolean; a bad boolean before a bad date.
    expect(error('est_ess=x&page=0')).toContain('`page`');
    expect(error('date_naissance_personne_min=x&est_rge=x')).toContain('est_rge doit');
    // departement (declared before region) wins over region.
    expect(error('region=99&departement=99')).toContain('`departement`');
    // A field error before the search-type rule.
    expect(error('lat=x&q=abc')).toBe('Veuillez indiquer un paramètre `lat` flottant.');
  });
  it('the last value of a repeated key wins; an internal name is read as the API reads it', () => {
    expect(ok('q=abc&q=defg').terms).toBe('DEFG');
    expect(ok('terms=abc').terms).toBe('ABC');
    expect(ok('q=abcd&terms=xyz').terms).toBe('XYZ');
    expect(ok('terms=xyz&q=abcd').terms).toBe('ABCD');
  });
});
