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
  DROPIN_SEARCH,
  SUPPORTED_PARAMS,
  UNSUPPORTED_PARAMS,
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
        name.endsWith('_renseignee') ||
        name.endsWith('_renseigne')
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

const unsupported = Object.keys(UNSUPPORTED_PARAMS)
  .map((p) => `\`${p}\``)
  .join(', ');

// 401 (bad key) and 429 (over the limits) come from the shared gate, in its own shape
// (`withApiAccess`, src/public-api/openapi/api-access.ts).
const responses = () => ({
  200: answer(),
  400: govError(
    `Paramètre invalide, ou accepté par l’API de l’État mais non servi ici (${unsupported}) : \`{ "erreur": "…" }\`, le message nomme le paramètre.`,
  ),
  503: govError('Recherche momentanément indisponible ; en-tête `Retry-After`.'),
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
          'Mêmes paramètres et même forme de réponse que `GET https://recherche-entreprises.api.gouv.fr/near_point` : `lat` et `long` obligatoires (en France), `radius` en km (5 par défaut, 50 au plus), filtres d’activité et autres filtres de /search sauf `q`. Triées par distance du siège.',
        parameters: params('near_point'),
        responses: responses(),
      },
    },
  };
}
