/**
 * OpenAPI operations of the drop-in for the government's search API (issue 28 item 6,
 * src/drop-in/handlers.ts), registered in src/public-api/openapi.ts. The parameters come
 * from the tables the handler reads (src/drop-in/params.ts). These two operations answer
 * the government's shapes, not our `data.data` envelope: `{ results, total_results, page,
 * per_page, total_pages }`, and `{ erreur }` for an error.
 */
import type { OpenApiPaths } from '@/public-api/openapi-parts';
import {
  DROPIN_NEAR_POINT,
  DROPIN_PREFIX,
  DROPIN_SEARCH,
  SUPPORTED_PARAMS,
} from '@/drop-in/params';

const NEAR_ONLY = new Set(['lat', 'long', 'radius']);

const params = (kind: 'search' | 'near_point') =>
  Object.entries(SUPPORTED_PARAMS)
    .filter(([name]) => (kind === 'search' ? !NEAR_ONLY.has(name) : name !== 'q'))
    .map(([name, description]) => ({
      name,
      in: 'query',
      required: kind === 'near_point' && (name === 'lat' || name === 'long'),
      description,
      schema:
        name.startsWith('est_') ||
        name === 'minimal' ||
        name === 'sort_by_size' ||
        name.endsWith('_renseignee')
          ? { type: 'string', enum: ['true', 'false'] }
          : { type: 'string', maxLength: 200 },
    }));

const json = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const govError = (description: string) => ({
  description,
  content: json({
    type: 'object',
    required: ['erreur'],
    properties: { erreur: { type: 'string' } },
  }),
});

const answer = () => ({
  description:
    'Les entreprises, dans la forme de l’API recherche-entreprises.api.gouv.fr : chaque résultat a ses champs de base (siren, nom_complet, nom_raison_sociale, sigle, nombre_etablissements, activite_principale, categorie_entreprise, date_creation, etat_administratif, nature_juridique, tranche_effectif_salarie, statut_diffusion…) et, sauf `minimal=true`, `siege`, `dirigeants` (naissance en année et mois seulement), `finances`, `complements`, `matching_etablissements` et `tva`. Diffusion partielle appliquée comme sur nos autres API. Les différences avec l’API de l’État sont listées dans docs/DROP-IN.md.',
  content: json({
    type: 'object',
    required: ['results', 'total_results', 'page', 'per_page', 'total_pages'],
    properties: {
      results: { type: 'array', items: { type: 'object' } },
      total_results: { type: 'integer' },
      page: { type: 'integer' },
      per_page: { type: 'integer' },
      total_pages: { type: 'integer' },
    },
  }),
});

// 401 (bad key) and 429 (over the limits) come from the shared gate, in its own shape
// (`withApiAccess`, src/public-api/openapi/api-access.ts).
const responses = () => ({
  200: answer(),
  400: govError(
    'Paramètre invalide : `{ "erreur": "…" }`, le message même de l’API de l’État (la première règle non respectée, dans l’ordre de l’API).',
  ),
  503: govError(
    'Recherche momentanément indisponible, ou son index en reconstruction complète ; en-tête `Retry-After`.',
  ),
});

export function rechercheEntreprisesOperations(): OpenApiPaths {
  return {
    [DROPIN_SEARCH]: {
      get: {
        tags: ['Recherche'],
        summary:
          'Recherche d’entreprises, compatible avec recherche-entreprises.api.gouv.fr/search',
        description:
          'Mêmes paramètres et même forme de réponse que `GET https://recherche-entreprises.api.gouv.fr/search` : un client de cette API passe à la nôtre en changeant son adresse de base. 25 résultats par page au plus, 10 000 en tout.',
        parameters: params('search'),
        responses: responses(),
      },
    },
    [DROPIN_NEAR_POINT]: {
      get: {
        tags: ['Recherche'],
        summary:
          'Entreprises autour d’un point, compatible avec recherche-entreprises.api.gouv.fr/near_point',
        description:
          'Mêmes paramètres et même forme de réponse que `GET https://recherche-entreprises.api.gouv.fr/near_point` : `lat` et `long` obligatoires, `radius` en km (5 par défaut, 50 au plus) ; comme l’API, seuls les filtres d’activité s’appliquent (les autres paramètres sont vérifiés puis ignorés) et seules les entreprises diffusibles sont données. Triées par distance du siège.',
        parameters: params('near_point'),
        responses: responses(),
      },
    },
    [`${DROPIN_PREFIX}/idcc/{siren}`]: {
      get: {
        tags: ['Recherche'],
        summary: 'Conventions collectives d’une entreprise, compatible avec /idcc/{siren}',
        description:
          'Les SIRET de l’entreprise par convention collective (IDCC) : `{ "5516": ["35600000053008", …] }` ; `{}` si aucune.',
        parameters: [{ name: 'siren', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: { description: 'SIRET par IDCC.', content: json({ type: 'object' }) },
          400: govError('« Numéro Siren invalide. »'),
          503: govError('Momentanément indisponible.'),
        },
      },
    },
    [`${DROPIN_PREFIX}/idcc/metadata`]: {
      get: {
        tags: ['Recherche'],
        summary: 'Titres des conventions collectives, compatible avec /idcc/metadata',
        description:
          'Chaque IDCC : `titre de la convention`, `id_kali`, `cc_ti`, `nature`, `etat`, `debut`, `fin`, `url`.',
        responses: {
          200: { description: 'Les conventions par IDCC.', content: json({ type: 'object' }) },
          503: govError('Momentanément indisponible.'),
        },
      },
    },
    [`${DROPIN_PREFIX}/sources/last_modified`]: {
      get: {
        tags: ['Recherche'],
        summary: 'Date du dernier import de chaque source, compatible avec /sources/last_modified',
        responses: {
          200: { description: 'Source → date et heure (UTC).', content: json({ type: 'object' }) },
          503: govError('Momentanément indisponible.'),
        },
      },
    },
    [`${DROPIN_PREFIX}/health`]: {
      get: {
        tags: ['Recherche'],
        summary: 'État du service, compatible avec /health',
        responses: {
          200: {
            description: '`{ "status": "ok" }`',
            content: json({ type: 'object', properties: { status: { type: 'string' } } }),
          },
        },
      },
    },
    ...Object.fromEntries(
      [DROPIN_PREFIX, `${DROPIN_PREFIX}/{path}`].map((p) => [
        p,
        {
          get: {
            tags: ['Recherche'],
            summary: 'Tout autre chemin : la réponse 404 de l’API de l’État',
            ...(p.endsWith('{path}')
              ? {
                  parameters: [
                    { name: 'path', in: 'path', required: true, schema: { type: 'string' } },
                  ],
                }
              : {}),
            responses: { 404: govError('« Ressource non trouvée. »') },
          },
        },
      ]),
    ),
  };
}
