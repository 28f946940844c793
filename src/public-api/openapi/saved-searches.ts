/**
 * OpenAPI operations of the saved searches (src/accounts/saved-searches): the signed-in user's
 * list, create, rename or change frequency, delete, and the mails' one-click unsubscribe. The
 * bodies' schemas are written in zod from the feature's own constants and turned into JSON
 * Schema by `z.toJSONSchema`.
 */
import type { OpenApiPaths } from '@/public-api/openapi-parts';
import { z } from 'zod';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX_LENGTH,
} from '@/accounts/saved-searches/limits';

const frequency = z
  .enum(SAVED_SEARCH_FREQUENCIES)
  .describe('Envoi des nouvelles entreprises : daily (chaque jour), weekly (le lundi), none.');
const name = z.string().min(1).max(SAVED_SEARCH_NAME_MAX_LENGTH).describe('Nom de la recherche.');
const createBody = z.object({
  name,
  query: z
    .string()
    .max(2000)
    .describe(
      'Les paramètres de l’adresse des résultats (`q` et filtres, par exemple `activite=62.01Z&departement=75`).',
    ),
  frequency: frequency.optional(),
});
const updateBody = z.object({ name: name.optional(), frequency: frequency.optional() });

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const ok = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['data'],
        properties: { data: { type: 'object', required: ['data'], properties: { data: {} } } },
      },
    },
  },
});
const body = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: z.toJSONSchema(schema) } },
});
const ERRORS = {
  400: error('Requête mal formée (INVALID_INPUT).'),
  401: error('Connexion requise (UNAUTHENTICATED).'),
  403: error('Demande envoyée depuis un autre site (CROSS_SITE_REQUEST).'),
  404: error('Recherche introuvable, ou d’un autre utilisateur (NOT_FOUND).'),
  405: error('Méthode non autorisée (METHOD_NOT_ALLOWED).'),
  413: error('Corps de requête trop volumineux (PAYLOAD_TOO_LARGE).'),
  415: error('Type de contenu non pris en charge (UNSUPPORTED_MEDIA_TYPE).'),
  419: error('Jeton CSRF absent ou invalide (CSRF_TOKEN_MISMATCH).'),
  422: error(
    `Champs invalides (VALIDATION_FAILED, détail dans \`error.fields\`), ou déjà ${MAX_SAVED_SEARCHES} recherches enregistrées (SAVED_SEARCH_LIMIT).`,
  ),
  429: error('Trop de requêtes (RATE_LIMITED).'),
  503: error('Service momentanément indisponible (SERVICE_UNAVAILABLE).'),
};
const ID = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Identifiant de la recherche enregistrée.',
  schema: { type: 'string', maxLength: 64 },
};
const tags = ['Recherches enregistrées'];

export function savedSearchOperations(): OpenApiPaths {
  const unsubscribeParams = [
    { name: 'recherche', in: 'query', required: true, schema: { type: 'string', maxLength: 12 } },
    { name: 'jeton', in: 'query', required: true, schema: { type: 'string', maxLength: 100 } },
  ];
  return {
    '/api/me/saved-searches': {
      get: {
        tags,
        summary: 'Mes recherches enregistrées',
        description: 'Chacune avec ses dernières nouvelles entreprises (`last_matches`).',
        responses: {
          200: ok('Les recherches.'),
          400: ERRORS[400],
          401: ERRORS[401],
          404: ERRORS[404],
          405: ERRORS[405],
          429: ERRORS[429],
          503: ERRORS[503],
        },
      },
      post: {
        tags,
        summary: 'Enregistrer une recherche',
        description: `${MAX_SAVED_SEARCHES} au plus par utilisateur ; les nouvelles entreprises qui y répondent sont envoyées par e-mail après chaque import, selon la fréquence.`,
        requestBody: body(createBody),
        responses: { 201: ok('La recherche enregistrée.'), ...ERRORS },
      },
    },
    '/api/me/saved-searches/{id}': {
      patch: {
        tags,
        summary: 'Renommer une recherche ou changer sa fréquence',
        parameters: [ID],
        requestBody: body(updateBody),
        responses: { 200: ok('La recherche.'), ...ERRORS },
      },
      post: {
        tags,
        summary: 'Renommer, changer la fréquence ou supprimer (formulaire, `_method`)',
        parameters: [ID],
        requestBody: body(updateBody),
        responses: { 200: ok('La recherche, ou `{ deleted: true }`.'), ...ERRORS },
      },
      delete: {
        tags,
        summary: 'Supprimer une recherche enregistrée',
        parameters: [ID],
        responses: { 200: ok('`{ deleted: true }`.'), ...ERRORS },
      },
    },
    '/api/saved-searches/unsubscribe': {
      get: {
        tags,
        summary: 'Désabonnement d’une recherche enregistrée (lien du courriel)',
        description: 'Une page de confirmation ; rien ne change.',
        parameters: unsubscribeParams,
        responses: {
          200: { description: 'La page de confirmation.', content: { 'text/html': {} } },
          404: ERRORS[404],
        },
      },
      post: {
        tags,
        summary: 'Désabonnement en un clic (RFC 8058)',
        parameters: unsubscribeParams,
        responses: { 200: ok('Désabonné.'), 404: ERRORS[404], 503: ERRORS[503] },
      },
    },
  };
}
