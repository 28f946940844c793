/**
 * The public API's OpenAPI document (issue 38): served at /api/openapi.json and rendered at
 * /documentation-api. It keeps, from the full document of src/public-api/openapi.ts (which the tests
 * read: every route documented, every operation fuzzed), only the operations counted by the
 * public API's gate (`isPublicApiPath`); the site's own routes (account, captcha, orders, the
 * payment webhook…) stay out. Operations are grouped by task, one tag each, in the order a
 * developer meets them. Each GET operation's answer shows a real answer from the sample (Danone,
 * recorded by scripts/openapi-examples.ts in ./openapi/examples.json) and the schema of its
 * fields, derived from it.
 */
import { isPublicApiPath } from '@/api-access/gate';
import { openApiDocument } from './openapi';
import { API_AUTH_TEXT, API_LIMITS_TEXT } from './openapi/api-access';
import examples from './openapi/examples.json';

type Operation = {
  tags?: string[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
  [k: string]: unknown;
};

const EXAMPLES = examples as Record<string, unknown>;

/** The JSON Schema of the fields of a real answer: types, nesting, list items. */
export function schemaOfExample(v: unknown): Record<string, unknown> {
  if (v === null || v === undefined) return {};
  if (Array.isArray(v)) return { type: 'array', items: v.length ? schemaOfExample(v[0]) : {} };
  if (typeof v === 'object')
    return {
      type: 'object',
      properties: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, schemaOfExample(x)])),
    };
  if (typeof v === 'number') return { type: Number.isInteger(v) ? 'integer' : 'number' };
  return { type: typeof v };
}

function withExample(method: string, path: string, op: Operation): Operation {
  const example = EXAMPLES[`${method.toUpperCase()} ${path}`];
  const ok = op.responses?.['200'];
  if (example === undefined || !ok?.content?.['application/json']) return op;
  return {
    ...op,
    responses: {
      ...op.responses,
      200: {
        ...ok,
        content: { 'application/json': { schema: schemaOfExample(example), example } },
      },
    },
  };
}

/** The tasks, first match wins: a path's tag. */
export const PUBLIC_TASKS: Array<{ name: string; description: string; match: RegExp }> = [
  {
    name: 'Rechercher',
    description:
      'Trouver des entreprises ou des dirigeants par nom, lieu, activité et filtres ; l’API compatible avec recherche-entreprises.api.gouv.fr ; l’export des résultats.',
    match: /^\/api\/(search|recherche-entreprises)\//,
  },
  {
    name: 'Dirigeants et réseau',
    description:
      'Les dirigeants d’une entreprise, le profil d’un dirigeant (naissance en mois et année seulement) et la carte de leurs mandats.',
    match: /^\/api\/(directors\/|companies\/\{siren\}\/(representatives|network)$)/,
  },
  {
    name: 'Finances',
    description:
      'Comptes annuels publiés, indicateurs de bilan et de compte de résultat, capital, notes calculées.',
    match:
      /^\/api\/companies\/\{siren\}\/(balance-sheets|income-statements|share-capital|pole-score|key-numbers|stock-markets|ecological-score-details|comparison-data)/,
  },
  {
    name: 'Actes, annonces et propriété intellectuelle',
    description:
      'Dépôts au RNE (actes, statuts), extrait Kbis, annonces et procédures collectives du BODACC, marques et brevets.',
    match:
      /^\/api\/companies\/\{siren\}\/(acts|articles-of-incorporation|acts-and-articles-of-incorporation|kbis-available|insolvency-proceedings|commercial-advertisements|brands|patents)$/,
  },
  {
    name: 'Traitement par lots',
    description: 'Plusieurs entreprises en un appel, ou l’enrichissement d’une liste de SIREN.',
    match: /^\/api\/companies\/(batch|enrichment|complementary-informations)$/,
  },
  {
    name: 'Fiche d’entreprise',
    description:
      'Identité, établissements, effectif, labels, conventions collectives, entreprises similaires.',
    match: /^\/api\/companies\//,
  },
];

export function taskOf(path: string): string {
  return PUBLIC_TASKS.find((t) => t.match.test(path))?.name ?? PUBLIC_TASKS.at(-1)!.name;
}

export function publicOpenApiDocument(serverUrl: string) {
  const doc = openApiDocument(serverUrl);
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, methods] of Object.entries(
    doc.paths as Record<string, Record<string, Operation>>,
  )) {
    if (!isPublicApiPath(path)) continue;
    // A path that only answers an error (the drop-in's 404 for paths it does not serve) is no
    // operation a client calls.
    const served = Object.entries(methods).filter(([, op]) => op.responses?.['200'] !== undefined);
    if (served.length === 0) continue;
    paths[path] = Object.fromEntries(
      served.map(([m, op]) => [m, { ...withExample(m, path, op), tags: [taskOf(path)] }]),
    );
  }
  return {
    ...doc,
    info: {
      ...doc.info,
      description: [
        'Données des registres officiels (INSEE Sirene, RNE, BODACC, INPI) sur les entreprises françaises et leurs dirigeants, en JSON. Toutes les réponses réussies enveloppent les données dans `data.data`.',
        '## Accès',
        API_AUTH_TEXT,
        '## Quotas',
        API_LIMITS_TEXT.map((t) => `- ${t}`).join('\n'),
        '## Erreurs',
        'Une erreur répond `{ "error": { "code", "message" } }` (message en français) avec son statut : 400 `INVALID_INPUT` (paramètre mal formé), 401 (clé inconnue ou révoquée), 404 `NOT_FOUND`, 422 `VALIDATION_FAILED` (avec `fields`), 429 (quota atteint, en-tête `Retry-After`), 503 (base momentanément indisponible, `Retry-After`).',
      ].join('\n\n'),
    },
    tags: PUBLIC_TASKS.map(({ name, description }) => ({ name, description })),
    paths,
  };
}
