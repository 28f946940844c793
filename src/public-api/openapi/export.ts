/**
 * OpenAPI operations of the export of a results list (`GET /api/search/companies/export`,
 * src/public-api/export-handlers.ts). Its own parameters' schema is written in zod from the export's own
 * constants (formats, columns, limits) and turned into JSON Schema by `z.toJSONSchema`; the
 * results' parameters (query and filters) are those of `/api/search/companies`.
 */
import type { OpenApiPaths } from '@/public-api/openapi-parts';
import { z } from 'zod';
import {
  EXPORT_ANONYMOUS_MAX_ROWS,
  EXPORT_COLUMNS,
  EXPORT_FORMATS,
  EXPORT_MAX_ROWS,
} from '@/search/export';
import { FILTER_PARAMS } from '@/search/filter-params';
import { EXPORT_PARAMS } from '@/public-api/export-handlers';

const exportParams = z.object({
  [EXPORT_PARAMS.format]: z.enum(EXPORT_FORMATS).describe('Format du fichier (csv par défaut).'),
  [EXPORT_PARAMS.columns]: z
    .string()
    .max(500)
    .describe(
      `Colonnes, séparées par des virgules, parmi : ${Object.keys(EXPORT_COLUMNS).join(', ')}. Absent : les colonnes d’une ligne de résultat.`,
    ),
  [EXPORT_PARAMS.limit]: z
    .int()
    .min(1)
    .max(EXPORT_MAX_ROWS)
    .describe(
      `Nombre de lignes au plus : ${EXPORT_MAX_ROWS} connecté (par défaut), ${EXPORT_ANONYMOUS_MAX_ROWS} sans compte.`,
    ),
});

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export function exportOperations(): OpenApiPaths {
  const schema = z.toJSONSchema(exportParams) as {
    properties: Record<string, { description?: string }>;
  };
  const own = Object.entries(schema.properties).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: 'query', required: false, description, schema: rest };
  });
  const search = [
    { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 200 } },
    ...Object.values(FILTER_PARAMS).map((name) => ({
      name,
      in: 'query',
      required: false,
      description: 'Filtre de recherche, comme pour /api/search/companies.',
      schema: { type: 'string', maxLength: 200 },
    })),
  ];
  return {
    '/api/search/companies/export': {
      get: {
        tags: ['Recherche'],
        summary: 'Export des résultats de recherche (CSV ou XLSX)',
        description: `Les entreprises d’une liste de résultats (mêmes paramètres que /api/search/companies, même ordre), en fichier : CSV (UTF-8 avec BOM, séparateur « ; », pour Excel en français) ou XLSX. ${EXPORT_MAX_ROWS} lignes au plus connecté, ${EXPORT_ANONYMOUS_MAX_ROWS} sans compte. L’en-tête \`X-Total-Rows\` donne le nombre de lignes du fichier avant le premier octet (progression).`,
        parameters: [...search, ...own],
        responses: {
          200: {
            description: 'Le fichier, envoyé au fil de l’eau.',
            headers: {
              'X-Total-Rows': { schema: { type: 'integer' }, description: 'Lignes du fichier.' },
            },
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', format: 'binary' },
              },
            },
          },
          400: error('Recherche ou filtre invalide (QUERY_TOO_SHORT, INVALID_FILTER…).'),
          422: error(
            'Format, colonne ou limite invalide (INVALID_EXPORT), ou limite dépassée (EXPORT_LIMIT_EXCEEDED) ; le message nomme le paramètre.',
          ),
          429: error('Trop d’exports (RATE_LIMITED) ; en-tête `Retry-After`.'),
          503: error(
            'Recherche momentanément indisponible (SEARCH_UNAVAILABLE), ou index de recherche en reconstruction complète (SEARCH_INDEX_REBUILDING) ; en-tête `Retry-After`.',
          ),
        },
      },
    },
  };
}
