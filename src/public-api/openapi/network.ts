/**
 * OpenAPI operations of the director network map (issue 28), registered in src/public-api/openapi.ts.
 * The `depth` parameter's schema is the one the handlers validate with (src/public-api/network-handlers.ts).
 */
import type { OpenApiPaths } from '@/public-api/openapi-parts';
import { z } from 'zod';
import { NETWORK_MAX_NODES, NETWORK_PER_NODE } from '@/registry/network';
import { DEFAULT_NETWORK_DEPTH, depthSchema } from '@/public-api/network-handlers';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const depthParam = {
  name: 'depth',
  in: 'query',
  required: false,
  description: `Niveaux autour du point de départ, 1 ou 2 (${DEFAULT_NETWORK_DEPTH} par défaut) ; au-delà : 400 INVALID_DEPTH.`,
  schema: z.toJSONSchema(depthSchema),
};

const networkResponse = {
  description: `Le réseau, dans \`data.data\` : \`{ center, depth, nodes, edges, truncated, limits }\`. Un nœud est une entreprise (\`kind: "company"\`, siren, état, \`held\` : présente dans nos données) ou une personne (\`kind: "person"\`, naissance en mois et année seulement, \`directorId\` pour développer ses liens) ; \`expanded = false\` : ses liens restent à charger (même adresse, depth=1). Un lien va du dirigeant (personne ou personne morale) à l’entreprise dirigée, avec la qualité, les dates et la source. Au plus ${NETWORK_PER_NODE} liens par nœud et ${NETWORK_MAX_NODES} nœuds : au-delà, \`truncated = true\` (et sur le nœud concerné). Les personnes masquées à leur demande et les entrepreneurs individuels en diffusion partielle sont exclus ; les homonymes sont distingués par le nom, le premier prénom et le mois et l’année de naissance.`,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['data'],
        properties: {
          data: {
            type: 'object',
            required: ['data'],
            properties: {
              data: {
                type: 'object',
                required: ['center', 'depth', 'nodes', 'edges', 'truncated', 'limits'],
                properties: {
                  center: { type: 'string' },
                  depth: { type: 'integer', minimum: 1, maximum: 2 },
                  nodes: { type: 'array', items: { type: 'object' } },
                  edges: { type: 'array', items: { type: 'object' } },
                  truncated: { type: 'boolean' },
                  limits: { type: 'object' },
                },
              },
            },
          },
        },
      },
    },
  },
};

const unavailable = error(
  'Base de données momentanément indisponible (SOURCE_UNAVAILABLE ou SERVICE_UNAVAILABLE) ; en-tête `Retry-After`.',
);

export function networkOperations(): OpenApiPaths {
  return {
    '/api/companies/{siren}/network': {
      get: {
        tags: ['Entreprises'],
        summary: 'Carte du réseau d’une entreprise',
        description:
          'Les dirigeants de l’entreprise (personnes et personnes morales) et les entreprises qu’elle dirige ; au niveau 2, les autres entreprises de ces dirigeants et les dirigeants des personnes morales.',
        parameters: [
          {
            name: 'siren',
            in: 'path',
            required: true,
            description: 'Numéro SIREN (9 chiffres).',
            schema: { type: 'string', pattern: '^[0-9 ]{1,11}$' },
            example: '552032534',
          },
          depthParam,
        ],
        responses: {
          200: networkResponse,
          400: error(
            'SIREN invalide (INVALID_SIREN), profondeur autre que 1 ou 2 (INVALID_DEPTH) ou adresse mal formée (INVALID_INPUT).',
          ),
          404: error('Entreprise inconnue (COMPANY_NOT_FOUND).'),
          503: unavailable,
        },
      },
    },
    '/api/directors/{id}/network': {
      get: {
        tags: ['Dirigeants'],
        summary: 'Carte du réseau d’un dirigeant',
        description:
          'Les entreprises que dirige la personne (tous ses mandats sous la même clé : nom, premier prénom, mois et année de naissance) ; au niveau 2, leurs autres dirigeants.',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description:
              "Identifiant d'un mandat de dirigeant (tel qu'il figure dans `representatives` ou `directorId`).",
            schema: { type: 'string' },
          },
          depthParam,
        ],
        responses: {
          200: networkResponse,
          400: error(
            'Identifiant invalide (INVALID_DIRECTOR_ID), profondeur autre que 1 ou 2 (INVALID_DEPTH) ou adresse mal formée (INVALID_INPUT).',
          ),
          404: error('Dirigeant inconnu ou masqué à sa demande (DIRECTOR_NOT_FOUND).'),
          503: unavailable,
        },
      },
    },
  };
}
