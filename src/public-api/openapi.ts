/**
 * OpenAPI 3.1 document of the site's JSON API (spec section 7), served at /api/openapi.json. Its
 * paths are the union of the operation modules listed in `OPERATIONS` below: the registry API
 * (built here from the same section list the routes serve, so the two cannot drift apart), the
 * account, commerce and payment routes (`./openapi-site`), and one module per feature under
 * `./openapi/` (README there).
 */
import { reportsOperations } from './openapi/reports';
import { z } from 'zod';
import { CAPTCHA_FIELD } from '@/lib/captcha/field';
import { oppositionInput } from '@/opposition/submit';
import { MAX_PAGE } from '@/search/companies';
import { DIRECTORS_PAGE_SIZE } from '@/search/directors';
import { FILTER_PARAMS, MAX_RADIUS_KM, SEARCH_SORTS } from '@/search/filter-params';
import { MAX_PAGE_SIZE } from '@/search/request';
import { SUGGESTIONS_RATE } from '@/api-access/gate';
import { dataResponse, errorResponse, schemaOf, type OpenApiPaths } from './openapi-parts';
import { withApiAccess } from './openapi/api-access';
import { siteOperations } from './openapi-site';
import { exportOperations } from './openapi/export';
import { networkOperations } from './openapi/network';
import { rechercheEntreprisesOperations } from './openapi/recherche-entreprises';
import { savedSearchOperations } from './openapi/saved-searches';
import { COMPANY_SECTIONS, type CompanySection } from './registry-handlers';

const SECTION_DOCS: Record<CompanySection, string> = {
  labels:
    'Labels et certifications (RGE, Qualiopi, SIAE, FINESS, bio, service public, Egapro, bilan GES…), chacun avec sa source et sa date.',
  'kbis-available':
    'Extrait Kbis : `available` (vendu ici et l’entreprise immatriculée au RCS), `sold_here` (greffes raccordés), `registered`, le motif ; non vendu ici : `official`, les liens officiels (infogreffe.fr, monidenum.fr, data.inpi.fr).',
  'share-capital': 'Capital social, devise et source.',
  'balance-sheets':
    'Comptes annuels publiés par exercice et par type de comptes (sociaux, consolidés).',
  'acts-and-articles-of-incorporation':
    'Dépôts au RNE (actes, statuts, comptes annuels) listés par l’INPI : `{ loaded: true, items: [{ id, kind, filedAt, type, content, confidential, order_kind, sold_here }], source }` ; sans accès à l’INPI, `{ loaded: false, reason, source }` avec la page gratuite de data.inpi.fr.',
  'articles-of-incorporation': 'Statuts déposés, même forme que la section des actes et statuts.',
  acts: 'Actes déposés, même forme que la section des actes et statuts.',
  'insolvency-proceedings':
    'Procédures collectives publiées au BODACC, avec la situation actuelle.',
  'commercial-advertisements': 'Annonces BODACC, 50 par page (`page`).',
  establishments: 'Établissements, 20 par page (`page`), filtre `status` = open ou closed.',
  brands: 'Marques déposées à l’INPI.',
  patents:
    'Brevets : non chargés dans nos données, `{ loaded: false, reason, source }` (INPI, data.inpi.fr).',
  representatives:
    'Dirigeants et représentants, avec le dirigeant principal ; naissance en mois et année seulement.',
  'similar-companies':
    'Entreprises actives de la même activité dans le même département, par taille.',
  'comparison-data':
    'Données pour le comparateur : identité, taille, chiffres clés des cinq derniers exercices.',
  agreements: 'Conventions collectives (IDCC) déclarées par les établissements.',
  'balance-sheets/detail-list': 'Indicateurs de bilan par exercice.',
  'income-statements/detail-list': 'Indicateurs du compte de résultat par exercice.',
  'pole-score':
    'Notre note de solidité financière (0 à 100, classe A à E), celle des documents vendus, calculée sur le dernier exercice publié : `{ available: true, fiscal_year, score, grade, capped, criteria, method }` ; `available = false` et le motif quand aucun exercice ne suffit.',
  'stock-markets':
    'Cotations boursières : non chargées dans nos données, `{ loaded: false, reason, source }` (AMF).',
  employees: 'Tranche d’effectif salarié et année de référence.',
  'key-numbers':
    'Chiffres clés : dernier exercice, établissements ouverts et fermés, effectif, capital.',
  'ecological-score-details':
    'Score écologique et social, le nôtre, à partir des labels, certifications et déclarations publiques (bilan GES, index Egapro, RGE, bio, ESS…) : `{ available: true, score, max, criteria, method }`, chaque critère avec sa source et sa date ; `available = false` et le motif quand aucun critère n’est connu.',
};

const error = errorResponse;

const sirenParam = {
  name: 'siren',
  in: 'path',
  required: true,
  description: 'Numéro SIREN (9 chiffres ; complété à gauche par des zéros).',
  schema: { type: 'string', pattern: '^[0-9 ]{1,11}$' },
  example: '552032534',
};

const unavailableResponse = error(
  'Base de données momentanément indisponible (SOURCE_UNAVAILABLE ou SERVICE_UNAVAILABLE) ; en-tête `Retry-After` quand il est connu.',
);
/** The search routes' 503: the database, or the search index being rebuilt whole. */
const searchUnavailableResponse = error(
  'Base de données momentanément indisponible (SOURCE_UNAVAILABLE ou SERVICE_UNAVAILABLE), ou index de recherche en reconstruction complète (SEARCH_INDEX_REBUILDING : les fiches restent consultables) ; en-tête `Retry-After`.',
);

const FILTER_DOCS: Partial<Record<string, string>> = {
  [FILTER_PARAMS.departments]: 'Départements (01…95, 2A, 2B, 971…976), séparés par des virgules.',
  [FILTER_PARAMS.activities]: 'Codes NAF (70.10Z) ou sections (A…U).',
  [FILTER_PARAMS.communes]:
    'Communes par code INSEE (Paris, Lyon et Marseille comprennent leurs arrondissements).',
  [FILTER_PARAMS.epcis]: 'Intercommunalités (EPCI) par SIREN : leurs communes membres.',
  [FILTER_PARAMS.idcc]: 'Conventions collectives (IDCC, 4 chiffres).',
  [FILTER_PARAMS.directorName]: 'Nom d’un dirigeant (mots dans n’importe quel ordre).',
  [FILTER_PARAMS.directorBirthFrom]: 'Année de naissance minimale du dirigeant (avec `dirigeant`).',
  [FILTER_PARAMS.directorBirthTo]: 'Année de naissance maximale du dirigeant (avec `dirigeant`).',
  [FILTER_PARAMS.createdFrom]: 'Date de création minimale (AAAA-MM-JJ).',
  [FILTER_PARAMS.createdTo]: 'Date de création maximale (AAAA-MM-JJ).',
  [FILTER_PARAMS.status]: '`actif`, `cesse` ou `tous`.',
  [FILTER_PARAMS.labels]:
    'Labels et certifications exigés, tous (`ess`, `rge`, `bio`, `siae`, `qualiopi`, `finess`, `uai`, `egapro`, `administration`, `collectivite-territoriale`, `societe-mission`, `entrepreneur-individuel`, `convention-collective`…).',
  [FILTER_PARAMS.excludedLabels]:
    'Labels et certifications exclus (l’équivalent de `est_…=false` de l’API Recherche d’entreprises).',
  [FILTER_PARAMS.collectivities]:
    'Collectivités territoriales par code (`75C`, `69M`, `84`, SIREN d’EPCI, code INSEE de commune).',
  [FILTER_PARAMS.finess]: 'Numéros FINESS d’établissement (9 caractères).',
  [FILTER_PARAMS.uai]: 'Numéros UAI d’établissement d’enseignement (7 chiffres et une lettre).',
  [FILTER_PARAMS.rge]: 'Codes de qualification RGE.',
  [FILTER_PARAMS.electedName]: 'Nom d’un élu (mots du nom ou des prénoms) : ses collectivités.',
};

const searchFilterParams = Object.values(FILTER_PARAMS).map((name) => ({
  name,
  in: 'query',
  required: false,
  description:
    FILTER_DOCS[name] ??
    'Filtre de recherche (voir la page de recherche avancée) ; valeurs séparées par des virgules pour les listes.',
  schema: { type: 'string', maxLength: 200 },
}));

/** Sort, order and « around a point » (issue 27); a bad value answers 422 naming it. */
const searchOrderAndPlaceParams = [
  {
    name: 'tri',
    in: 'query',
    required: false,
    description:
      'Tri : `pertinence` (par défaut), `nom`, `creation`, `taille`, `ca` ; `distance` (par défaut) autour d’un point.',
    schema: { type: 'string', enum: [...SEARCH_SORTS] },
  },
  {
    name: 'ordre',
    in: 'query',
    required: false,
    description:
      'Sens du tri ; par défaut celui du tri (noms A→Z, plus récentes, plus grandes, plus proches d’abord).',
    schema: { type: 'string', enum: ['asc', 'desc'] },
  },
  {
    name: 'lat',
    in: 'query',
    required: false,
    description: 'Latitude du point (degrés décimaux, en France), avec `lon`.',
    schema: { type: 'number', minimum: -90, maximum: 90 },
  },
  {
    name: 'lon',
    in: 'query',
    required: false,
    description: 'Longitude du point (degrés décimaux, en France), avec `lat`.',
    schema: { type: 'number', minimum: -180, maximum: 180 },
  },
  {
    name: 'autour',
    in: 'query',
    required: false,
    description: 'Commune (code INSEE ou nom) dont le centre est le point de la recherche.',
    schema: { type: 'string', maxLength: 80 },
  },
  {
    name: 'rayon',
    in: 'query',
    required: false,
    description: `Rayon en km autour du point (10 par défaut, ${MAX_RADIUS_KM} au plus) ; chaque résultat donne sa distance (\`distanceKm\`).`,
    schema: { type: 'number', exclusiveMinimum: 0, maximum: MAX_RADIUS_KM },
  },
];

/** The registry API, the search API and the public forms (spec section 7). */
function registryOperations(): OpenApiPaths {
  const paths: OpenApiPaths = {
    '/api/companies/{siren}': {
      get: {
        tags: ['Entreprises'],
        summary: 'Fiche d’une entreprise',
        description:
          'Identité, siège, identifiants (TVA, EORI), forme juridique, activité, capital, effectif, sources. Les données protégées (diffusion partielle, opposition) sont retirées. Avec `load_payment_data_only=true`, seulement les champs utiles au paiement.',
        parameters: [
          sirenParam,
          {
            name: 'load_payment_data_only',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['true'] },
          },
        ],
        responses: {
          200: dataResponse('La fiche, dans `data.data`.'),
          400: error('SIREN invalide (code INVALID_SIREN) ou adresse mal formée (INVALID_INPUT).'),
          404: error('Entreprise inconnue (code COMPANY_NOT_FOUND).'),
          503: unavailableResponse,
        },
      },
    },
  };
  for (const section of COMPANY_SECTIONS) {
    paths[`/api/companies/{siren}/${section}`] = {
      get: {
        tags: ['Entreprises'],
        summary: section,
        description: SECTION_DOCS[section],
        parameters: [
          sirenParam,
          ...(section === 'establishments'
            ? [
                { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
                {
                  name: 'status',
                  in: 'query',
                  schema: { type: 'string', enum: ['open', 'closed'] },
                },
              ]
            : section === 'commercial-advertisements'
              ? [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } }]
              : []),
        ],
        responses: {
          200: dataResponse('Les données de la section, dans `data.data`.'),
          400: error('SIREN ou paramètre invalide (INVALID_SIREN, INVALID_INPUT).'),
          404: error('Entreprise inconnue (COMPANY_NOT_FOUND).'),
          503: unavailableResponse,
        },
      },
    };
  }
  const idParam = {
    name: 'id',
    in: 'path',
    required: true,
    description: 'Identifiant d’un mandat de dirigeant (tel qu’il figure dans `representatives`).',
    schema: { type: 'string' },
  };
  const directorResponses = {
    200: dataResponse('Dans `data.data`.'),
    400: error('Adresse mal formée (INVALID_INPUT).'),
    404: error('Dirigeant inconnu ou masqué à sa demande (DIRECTOR_NOT_FOUND).'),
    503: unavailableResponse,
  };
  paths['/api/directors/{id}'] = {
    get: {
      tags: ['Dirigeants'],
      summary: 'Profil de dirigeant',
      description:
        'Identité (nom, mois et année de naissance, nationalité), mandats en cours et passés, entreprises liées par des dirigeants communs.',
      parameters: [idParam],
      responses: directorResponses,
    },
  };
  paths['/api/directors/{id}/personal'] = {
    get: {
      tags: ['Dirigeants'],
      summary: 'Identité du dirigeant',
      parameters: [idParam],
      responses: directorResponses,
    },
  };
  paths['/api/directors/{id}/pole-score'] = {
    get: {
      tags: ['Dirigeants'],
      summary: 'Score du dirigeant',
      description: 'Nous ne notons pas les personnes (available = false).',
      parameters: [idParam],
      responses: directorResponses,
    },
  };
  // The fields src/opposition/submit.ts parses, the captcha the route checks first; the person
  // key (refused) and the robots' honeypot are not for callers.
  const oppositionFields = schemaOf(
    oppositionInput
      .omit({ personKey: true, website: true })
      .extend({ [CAPTCHA_FIELD]: z.string() }),
  ) as { required: string[]; properties: Record<string, unknown> };
  const rateLimited = error(
    'Trop de demandes depuis cette adresse, pour cette adresse électronique ou ce domaine de messagerie (RATE_LIMITED) ; en-tête `Retry-After` en secondes.',
  );
  paths['/api/opposition'] = {
    post: {
      tags: ['Vie privée'],
      summary: 'Demande d’opposition',
      description:
        'Enregistre une demande de masquage avec la pièce d’identité du demandeur et envoie un lien de confirmation (valable 48 heures, une fois) à l’adresse électronique indiquée. Rien n’est masqué avant qu’un membre de notre équipe, après la confirmation (POST /api/opposition/confirmation), ait vérifié l’identité : une adresse électronique ne prouve pas qui l’on est. Seules les données d’une personne physique (entrepreneur individuel, mandats d’un dirigeant) se masquent sur demande. La personne se désigne par ce que le site affiche : directorId (sa fiche de dirigeant), siren (l’entrepreneur individuel), ou lastName, firstNames et birthMonth (AAAA-MM) ; une clé de personne (personKey) est refusée. Corps multipart/form-data (5 Mo et 64 Ko au plus) avec `Accept: application/json` : les champs ci-dessous et le fichier `document` (un seul : PDF, JPEG ou PNG reconnu à son contenu, 5 Mo au plus). Un corps JSON (16 Ko au plus) est lu, mais refusé faute de pièce d’identité. captcha : la solution ALTCHA (v2, SHA-256) d’un défi de GET /api/captcha, en base64 du JSON { challenge, solution }, valable une fois et 20 minutes. Limites par adresse, par adresse électronique et par domaine de messagerie.',
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: oppositionFields },
          'multipart/form-data': {
            schema: {
              ...oppositionFields,
              required: [...oppositionFields.required, 'document'],
              properties: {
                ...oppositionFields.properties,
                document: { type: 'string', format: 'binary' },
              },
            },
          },
        },
      },
      responses: {
        202: dataResponse(
          'Demande enregistrée, en attente de confirmation : `{ id, status: "pending_confirmation" }`.',
        ),
        400: error(
          'Corps illisible (INVALID_INPUT) ou captcha absent, faux, expiré ou déjà utilisé (CAPTCHA_MISSING, CAPTCHA_INVALID, CAPTCHA_EXPIRED, CAPTCHA_REUSED).',
        ),
        413: error('Corps trop volumineux (PAYLOAD_TOO_LARGE).'),
        422: error(
          'Champ invalide (VALIDATION_FAILED, avec `fields` : pièce d’identité absente, d’un autre type, trop lourde ou en double, personne inconnue de nos données, personKey) ou données d’une personne morale, qui ne se masquent pas sur demande (OPPOSITION_NOT_ALLOWED).',
        ),
        429: rateLimited,
        503: error('Service momentanément indisponible (SERVICE_UNAVAILABLE).'),
      },
    },
  };
  paths['/api/opposition/confirmation'] = {
    post: {
      tags: ['Vie privée'],
      summary: 'Confirmation d’une demande d’opposition',
      description:
        'Confirme une demande avec le jeton du lien reçu par courriel (`token` en JSON, `jeton` en formulaire). La demande attend alors l’examen d’un opérateur (status awaiting_review), qui vérifie la pièce d’identité : rien n’est masqué avant sa décision.',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['token'],
              properties: { token: { type: 'string', maxLength: 200 } },
            },
          },
        },
      },
      responses: {
        200: dataResponse('La demande confirmée : `{ id, status }`.'),
        400: error(
          'Corps illisible (INVALID_INPUT), ou lien faux, altéré ou déjà utilisé (OPPOSITION_LINK_INVALID).',
        ),
        410: error('Lien expiré (OPPOSITION_LINK_EXPIRED).'),
        413: error('Corps trop volumineux (PAYLOAD_TOO_LARGE).'),
        429: rateLimited,
        503: error('Service momentanément indisponible (SERVICE_UNAVAILABLE).'),
      },
    },
  };
  const page = (max: number) => ({
    name: 'page',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: max },
  });
  paths['/api/search/companies'] = {
    get: {
      tags: ['Recherche'],
      summary: 'Recherche d’entreprises',
      description:
        'Par nom, SIREN, SIRET ou numéro de TVA (`q`, un lieu à la fin est lu comme un filtre : « danone paris »), avec filtres, tri et autour d’un point ; total exact, 20 par page par défaut, 10 000 résultats au plus (500 pour un nom, classés).',
      parameters: [
        { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 200 } },
        page(MAX_PAGE),
        {
          name: 'per_page',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
        },
        ...searchFilterParams,
        ...searchOrderAndPlaceParams,
      ],
      responses: {
        200: dataResponse('Résultats et total, dans `data.data`.'),
        400: error('Recherche trop courte, trop longue ou vide (QUERY_TOO_SHORT…).'),
        422: error(
          'Paramètre invalide (VALIDATION_FAILED) : valeur de filtre inconnue, intervalle inversé, rayon de plus de 50 km, point hors de France, tri inconnu, page hors limites ; `error.fields` nomme chaque paramètre.',
        ),
        503: searchUnavailableResponse,
      },
    },
  };
  // The site's own search boxes (src/public-api/suggestion-handlers.ts): in the full document, not
  // in the public one (/api/openapi.json), since the public API's gate does not count it.
  paths['/api/suggestions/companies'] = {
    get: {
      tags: ['Recherche'],
      summary: 'Suggestions des champs de recherche du site',
      description: `Les 6 premières entreprises pour un nom (\`q\`), sans filtre ni page : réservé aux champs de recherche du site, hors quota de l’API publique, ${SUGGESTIONS_RATE} appels par seconde et par adresse au plus.`,
      parameters: [
        { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 200 } },
      ],
      responses: {
        200: dataResponse('Entreprises suggérées, dans `data.data`.'),
        400: error('Recherche trop courte, trop longue ou vide (QUERY_TOO_SHORT…).'),
        429: rateLimited,
        503: searchUnavailableResponse,
      },
    },
  };
  paths['/api/search/directors'] = {
    get: {
      tags: ['Recherche'],
      summary: 'Recherche de dirigeants',
      description: 'Par nom (`name` ou `q`) ; les personnes masquées à leur demande sont exclues.',
      parameters: [
        { name: 'name', in: 'query', required: false, schema: { type: 'string', maxLength: 200 } },
        { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 200 } },
        page(Math.ceil(500 / DIRECTORS_PAGE_SIZE)),
      ],
      responses: {
        200: dataResponse('Résultats, dans `data.data`.'),
        400: error('Page ou nom invalide.'),
        503: searchUnavailableResponse,
      },
    },
  };
  paths['/api/search/ape-codes'] = {
    get: {
      tags: ['Recherche'],
      summary: 'Codes APE (NAF rév. 2)',
      responses: { 200: dataResponse('La liste des codes et libellés.') },
    },
  };
  paths['/api/search/french-departments'] = {
    get: {
      tags: ['Recherche'],
      summary: 'Départements français',
      responses: { 200: dataResponse('La liste des départements.') },
    },
  };
  paths['/api/header-stats'] = {
    get: {
      tags: ['Site'],
      summary: 'Compteurs du bandeau',
      description: 'Nombres d’entreprises, de dirigeants et de documents, mis en cache 5 minutes.',
      responses: { 200: dataResponse('Les compteurs.'), 503: unavailableResponse },
    },
  };
  paths['/api/captcha'] = {
    get: {
      tags: ['Vie privée'],
      summary: 'Défi anti-robot',
      description:
        'Un défi de preuve de travail ALTCHA (v2, SHA-256) pour les formulaires : { parameters, signature }. Jamais mis en cache.',
      responses: { 200: dataResponse('Le défi.'), 429: rateLimited },
    },
  };
  return paths;
}

/**
 * Every module of the document's operations, one line each: a function returning its paths.
 * A feature adds its routes in `./openapi/<feature>.ts` and one line here.
 */
const OPERATIONS: Array<() => OpenApiPaths> = [
  registryOperations,
  siteOperations,
  exportOperations,
  savedSearchOperations,
  networkOperations,
  // One line per ./openapi/<feature>.ts module, e.g. `searchOperations,`.
  reportsOperations,
  rechercheEntreprisesOperations,
];

/** The modules' paths in one object; two modules documenting the same operation is a bug. */
export function assemblePaths(modules: Array<() => OpenApiPaths>): OpenApiPaths {
  const paths: OpenApiPaths = {};
  for (const operations of modules) {
    for (const [path, methods] of Object.entries(operations())) {
      const item = (paths[path] ??= {});
      for (const [method, operation] of Object.entries(methods)) {
        if (method in item)
          throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} documented twice`);
        item[method] = operation;
      }
    }
  }
  return paths;
}

export function openApiDocument(serverUrl: string) {
  const paths = assemblePaths(OPERATIONS);
  return withApiAccess({
    openapi: '3.1.0',
    info: {
      title: 'API du registre des entreprises',
      version: '1.0.0',
      description:
        'Données des registres officiels (INSEE Sirene, RNE, BODACC, INPI) sur les entreprises françaises et leurs dirigeants. Toutes les réponses réussies enveloppent les données dans `data.data` ; les erreurs sont `{ error: { code, message } }` avec un statut 4xx.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string' },
                message: { type: 'string' },
                fields: { type: 'object', additionalProperties: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  });
}
