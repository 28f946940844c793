/**
 * The OpenAPI part of the public API's access (src/api-access): the security schemes (an API key as
 * `Authorization: Bearer` or `X-Api-Key`, optional), the limits (documented on every public
 * operation with their `RateLimit` headers, 401 and 429), the keys of /mon-compte, the batch lookup
 * and the enrichment of an uploaded file. `withApiAccess` completes the assembled document.
 */
import { z } from 'zod';
import { MAX_BATCH } from '@/api-access/batch';
import { ENRICHMENT_MAX_BYTES } from '@/api-access/enrichment';
import { isPublicApiPath } from '@/api-access/gate';
import { KEY_NAME_MAX_LENGTH, MAX_ACTIVE_KEYS } from '@/api-access/keys';
import { BATCH_COST, KEY_ALLOWANCES } from '@/api-access/plans';

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});
const data = (description: string, schema: unknown = {}) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['data'],
        properties: { data: { type: 'object', required: ['data'], properties: { data: schema } } },
      },
    },
  },
});

const rateLimitHeaders = {
  'RateLimit-Policy': {
    description:
      'Les quotas qui s’appliquent à l’appel (draft-ietf-httpapi-ratelimit-headers) : `"seconde";q=7;w=1` sans clé ; `"seconde";q=20;w=1, "jour";q=50000;w=86400` avec une clé.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'Ce qui reste de chaque quota et les secondes avant son renouvellement : `"seconde";r=6;t=1`.',
    schema: { type: 'string' },
  },
};

/** How a program authenticates, in French, for /documentation-api. */
export const API_AUTH_TEXT =
  'L’API publique s’appelle sans clé. Pour un quota plus large, créez une clé d’API dans « Mon compte » (elle n’est affichée qu’une fois) et envoyez-la dans l’en-tête `Authorization: Bearer rg_live_…` ou `X-Api-Key: rg_live_…`. Une clé révoquée répond 401 aussitôt.';

/** The limits, in French, for the document's description and /documentation-api. */
export const API_LIMITS_TEXT = [
  `Sans clé, 7 appels par seconde et par adresse IP, comme l’API Recherche d’entreprises de l’État.`,
  `Avec une clé d’API (créée gratuitement dans « Mon compte ») : ${KEY_ALLOWANCES.compte.perSecond} appels par seconde et ${KEY_ALLOWANCES.compte.perDay.toLocaleString('fr-FR')} par 24 heures ; ${KEY_ALLOWANCES.abonne.perSecond} par seconde et ${KEY_ALLOWANCES.abonne.perDay.toLocaleString('fr-FR')} par 24 heures pour un abonné.`,
  `Un appel par lot ou un enrichissement de fichier compte pour ${BATCH_COST} appels.`,
  'Chaque réponse porte les en-têtes `RateLimit-Policy` et `RateLimit` ; au-delà d’un quota, 429 avec `Retry-After` (secondes). Une clé inconnue, mal formée ou révoquée : 401.',
];

const batchBody = z.toJSONSchema(
  z.object({
    sirens: z
      .array(z.union([z.string().max(40), z.number().int()]))
      .max(MAX_BATCH)
      .describe('Les numéros SIREN, 9 chiffres (espaces admis).'),
  }),
);

const lookupItem = {
  type: 'object',
  required: ['siren', 'found'],
  properties: {
    siren: { type: 'string' },
    index: { type: 'integer', description: 'Rang dans la liste JSON (à partir de 0).' },
    line: { type: 'integer', description: 'Ligne dans la liste en texte (à partir de 1).' },
    found: { type: 'boolean' },
    company: { type: 'object', description: 'La fiche, comme `GET /api/companies/{siren}`.' },
    error: {
      type: 'object',
      description: 'Pourquoi la fiche manque (code COMPANY_NOT_FOUND, INVALID_SIREN).',
    },
  },
};

const keySummary = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    prefix: { type: 'string', description: 'Début de la clé, pour la reconnaître.' },
    created_at: { type: 'string', format: 'date-time' },
    revoked_at: { type: ['string', 'null'], format: 'date-time' },
    usage: {
      type: 'array',
      items: {
        type: 'object',
        properties: { day: { type: 'string', format: 'date' }, requests: { type: 'integer' } },
      },
    },
  },
};

const validation = error(
  'Liste invalide (VALIDATION_FAILED) : vide, plus de 1 000 numéros, ou des numéros invalides, chacun nommé dans `error.fields` par sa place (`ligne 3`, `sirens[2]`) et listé dans `invalid`.',
);
const limited = {
  ...error('Quota dépassé (RATE_LIMITED) ; `Retry-After` dit quand réessayer.'),
  headers: { 'Retry-After': { schema: { type: 'integer' } }, ...rateLimitHeaders },
};
const badKey = error('Clé d’API inconnue, mal formée ou révoquée (API_KEY_INVALID).');
const unavailable = error('Base de données momentanément indisponible ; `Retry-After`.');
const session = {
  401: error('Non connecté (UNAUTHENTICATED).'),
  403: error('Demande envoyée depuis un autre site (CROSS_SITE_REQUEST).'),
  419: error('Jeton XSRF absent ou périmé (CSRF_TOKEN_MISMATCH).'),
  503: unavailable,
};

function accessPaths(): Record<string, unknown> {
  return {
    '/api/companies/batch': {
      post: {
        tags: ['Entreprises'],
        summary: 'Plusieurs entreprises en un appel (1 000 SIREN au plus)',
        description: `Le corps : \`{ "sirens": [...] }\` ou un tableau JSON, ou du texte (\`text/plain\`), un SIREN par ligne. La réponse arrive au fil de la lecture, dans l’ordre de la liste : \`{ data: { data: [ { siren, index|line, found, company|error } ] } }\`, ou une ligne JSON par SIREN (NDJSON) avec \`?format=ndjson\` ou \`Accept: application/x-ndjson\`. Compte pour ${BATCH_COST} appels.`,
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['ndjson'] },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: batchBody },
            'text/plain': { schema: { type: 'string' } },
          },
        },
        responses: {
          200: {
            ...data('Les fiches, dans l’ordre de la liste.', { type: 'array', items: lookupItem }),
            content: {
              ...data('', { type: 'array', items: lookupItem }).content,
              'application/x-ndjson': { schema: lookupItem },
            },
          },
          400: error('Corps JSON illisible (INVALID_INPUT).'),
          413: error('Corps de plus de 64 Ko (PAYLOAD_TOO_LARGE).'),
          415: error('Ni JSON ni texte (UNSUPPORTED_MEDIA_TYPE).'),
          422: validation,
          503: unavailable,
        },
      },
    },
    '/api/companies/enrichment': {
      post: {
        tags: ['Entreprises'],
        summary: 'Enrichir une liste de SIREN (fichier CSV ou XLSX)',
        description: `Le corps est le fichier lui-même (CSV ou XLSX, ${ENRICHMENT_MAX_BYTES / 1024 / 1024} Mo et ${MAX_BATCH.toLocaleString('fr-FR')} SIREN au plus) ; la colonne intitulée « siren », sinon la première. Réponse : le même fichier enrichi (dénomination, forme juridique, état, dates, siège, activité, effectif, TVA), au format demandé, envoyé au fil de la lecture ; \`X-Total-Count\` donne le nombre de lignes. Compte pour ${BATCH_COST} appels.`,
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['csv', 'xlsx'] },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'text/csv': { schema: { type: 'string' } },
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
              schema: { type: 'string', format: 'binary' },
            },
          },
        },
        responses: {
          200: {
            description: 'Le fichier enrichi (pièce jointe).',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', format: 'binary' },
              },
            },
          },
          400: error('Format demandé inconnu (INVALID_INPUT).'),
          413: error('Fichier de plus de 2 Mo (PAYLOAD_TOO_LARGE).'),
          415: error('Ni un CSV ni un classeur XLSX (UNSUPPORTED_MEDIA_TYPE).'),
          422: validation,
          503: unavailable,
        },
      },
    },
    '/api/me/api-keys': {
      get: {
        tags: ['Compte'],
        summary: 'Mes clés d’API et leur usage par jour',
        responses: {
          200: data('Le quota du compte (`plan`) et les clés (`keys`), jamais leur secret.', {
            type: 'object',
            properties: { plan: { type: 'object' }, keys: { type: 'array', items: keySummary } },
          }),
          401: session[401],
          503: unavailable,
        },
      },
      post: {
        tags: ['Compte'],
        summary: 'Créer une clé d’API',
        description: `La clé (\`token\`, \`rg_live_…\`) n’est donnée que dans cette réponse : nous n’en gardons que l’empreinte SHA-256. ${MAX_ACTIVE_KEYS} clés actives au plus. Session et jeton XSRF exigés.`,
        requestBody: {
          content: {
            'application/json': {
              schema: z.toJSONSchema(
                z.object({ name: z.string().max(KEY_NAME_MAX_LENGTH).optional() }),
              ),
            },
          },
        },
        responses: {
          201: data('La clé et son secret.', {
            type: 'object',
            properties: { key: keySummary, token: { type: 'string' } },
          }),
          400: error('Corps JSON illisible (INVALID_INPUT).'),
          409: error(`Déjà ${MAX_ACTIVE_KEYS} clés actives (CONFLICT).`),
          422: error(`Nom de plus de ${KEY_NAME_MAX_LENGTH} caractères (VALIDATION_FAILED).`),
          ...session,
        },
      },
    },
    '/api/me/api-keys/{id}': {
      delete: {
        tags: ['Compte'],
        summary: 'Révoquer une clé d’API',
        description: 'La clé répond 401 dès sa révocation. Session et jeton XSRF exigés.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          204: { description: 'Révoquée.' },
          400: error('Adresse mal formée (INVALID_INPUT).'),
          404: error('Aucune de vos clés n’a cet identifiant (NOT_FOUND).'),
          ...session,
        },
      },
    },
  };
}

type Doc = { info: { description: string }; paths: Record<string, unknown>; components: object };
type Operation = { responses: Record<string, unknown>; security?: unknown };

/**
 * The document with the access's operations, its security schemes, and on every operation of the
 * public API: the optional key, the `RateLimit` headers of its answers, 401 and 429.
 */
export function withApiAccess<D extends Doc>(doc: D): D {
  Object.assign(doc.paths, accessPaths());
  doc.info.description += `\n\nLimites : ${API_LIMITS_TEXT.join(' ')}`;
  (doc.components as Record<string, unknown>).securitySchemes = {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'Clé d’API `rg_live_…` créée dans « Mon compte », en `Authorization: Bearer`.',
    },
    apiKey: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
      description: 'La même clé, en `X-Api-Key`.',
    },
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!isPublicApiPath(path)) continue;
    for (const op of Object.values(methods as Record<string, Operation>)) {
      // The key is optional: without one, the limits per address apply.
      op.security = [{}, { bearer: [] }, { apiKey: [] }];
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2') && response && typeof response === 'object')
          (response as { headers?: unknown }).headers = {
            ...((response as { headers?: object }).headers ?? {}),
            ...rateLimitHeaders,
          };
      }
      op.responses['401'] ??= badKey;
      op.responses['429'] ??= limited;
    }
  }
  return doc;
}
