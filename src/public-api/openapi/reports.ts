/**
 * « Signaler une erreur » (src/error-reports): the visitor's report, and the operators' list.
 */
import { REPORT_DECISIONS, REPORT_STATES } from '@/domain/error-reports';
import { errorReportSchema } from '@/error-reports/reports';
import {
  dataResponse,
  errorResponse,
  schemaOf,
  type OpenApiPaths,
} from '@/public-api/openapi-parts';

export function reportsOperations(): OpenApiPaths {
  const fields = schemaOf(errorReportSchema);
  return {
    '/api/error-reports': {
      post: {
        tags: ['Signalements'],
        summary: 'Signaler une erreur sur la page d’une entreprise',
        description:
          'Enregistre un signalement : siren, section de la page (identite, etablissements, dirigeants, finances, annonces…), field (une information de la liste fixe de la section), origin (`site` : l’erreur vient de ce site ; `registry` : elle est dans le registre), message (2 000 caractères au plus), email facultatif pour recevoir la réponse. Répond avec l’administration qui tient la donnée et la marche à suivre pour la faire corriger ; le signalement est transmis à notre équipe (état `open`) quand l’erreur vient de notre traitement, sinon il est enregistré comme `redirected`. JSON ou champs de formulaire (16 Ko au plus), depuis ce site seulement, avec le jeton XSRF ; captcha : la solution ALTCHA d’un défi de GET /api/captcha. Limité par adresse.',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: fields },
            'application/x-www-form-urlencoded': { schema: fields },
          },
        },
        responses: {
          201: dataResponse(
            'Signalement enregistré : `{ id, status, holder, guidance: { authority, steps, links } }`.',
          ),
          400: errorResponse(
            'Corps illisible (INVALID_INPUT) ou captcha absent, faux, expiré ou déjà utilisé (CAPTCHA_MISSING, CAPTCHA_INVALID, CAPTCHA_EXPIRED, CAPTCHA_REUSED).',
          ),
          403: errorResponse('Demande envoyée depuis un autre site (CROSS_SITE_REQUEST).'),
          404: errorResponse('Entreprise inconnue de nos données (NOT_FOUND).'),
          413: errorResponse('Corps trop volumineux (PAYLOAD_TOO_LARGE).'),
          415: errorResponse('Type de contenu non pris en charge (UNSUPPORTED_MEDIA_TYPE).'),
          419: errorResponse('Jeton CSRF absent ou invalide (CSRF_TOKEN_MISMATCH).'),
          422: errorResponse(
            'Champ invalide (VALIDATION_FAILED, détail dans `error.fields`) : SIREN invalide, section ou information inconnue, message absent ou de plus de 2 000 caractères, adresse électronique invalide.',
          ),
          429: errorResponse(
            'Trop de signalements depuis cette adresse (RATE_LIMITED) ; en-tête `Retry-After`.',
          ),
          503: errorResponse('Service momentanément indisponible (SERVICE_UNAVAILABLE).'),
        },
      },
      get: {
        tags: ['Signalements'],
        summary: 'Signalements d’erreur (équipe du site)',
        description:
          'Les signalements d’un état, les plus récents d’abord (50). Réservé aux comptes opérateurs ; tout autre compte reçoit 404.',
        parameters: [
          {
            name: 'status',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: [...REPORT_STATES] },
          },
        ],
        responses: {
          200: dataResponse('Les signalements.'),
          400: errorResponse('État inconnu (INVALID_INPUT).'),
          401: errorResponse('Connexion requise (UNAUTHENTICATED).'),
          404: errorResponse('Réservé à l’équipe du site (NOT_FOUND).'),
        },
      },
    },
    '/api/error-reports/{id}': {
      post: {
        tags: ['Signalements'],
        summary: 'Clore un signalement d’erreur (équipe du site)',
        description:
          'Un opérateur clôt un signalement en attente (`open`) comme corrigé (`resolved`) ou refusé (`rejected`), avec la réponse envoyée par courriel au déclarant (2 000 caractères au plus). Réservé aux comptes opérateurs (tout autre compte reçoit 404), avec le jeton XSRF. Page : /mon-compte/signalements.',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: 'Numéro du signalement.',
            schema: { type: 'string', pattern: '^[0-9]{1,9}$' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['decision', 'reply'],
                properties: {
                  decision: { type: 'string', enum: [...REPORT_DECISIONS] },
                  reply: { type: 'string', maxLength: 2000 },
                },
              },
            },
          },
        },
        responses: {
          200: dataResponse('Le signalement clos (état, réponse, opérateur, date).'),
          400: errorResponse('Corps illisible (INVALID_INPUT).'),
          401: errorResponse('Connexion requise (UNAUTHENTICATED).'),
          403: errorResponse('Demande envoyée depuis un autre site (CROSS_SITE_REQUEST).'),
          404: errorResponse('Signalement inconnu, ou réservé à l’équipe du site (NOT_FOUND).'),
          409: errorResponse('Signalement déjà clos (CONFLICT).'),
          413: errorResponse('Corps trop volumineux (PAYLOAD_TOO_LARGE).'),
          415: errorResponse('Type de contenu non pris en charge (UNSUPPORTED_MEDIA_TYPE).'),
          419: errorResponse('Jeton CSRF absent ou invalide (CSRF_TOKEN_MISMATCH).'),
          422: errorResponse(
            'Décision autre que resolved ou rejected, réponse absente ou trop longue (VALIDATION_FAILED, détail dans `error.fields`).',
          ),
        },
      },
    },
  };
}
