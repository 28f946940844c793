/**
 * OpenAPI operations of the site's account, commerce and payment routes (spec sections 2 and 7),
 * beside the registry API of `./openapi`. Every route file under `src/app` whose URL starts with
 * /api/, and the spec's JSON and file routes outside /api, is listed here (checked by
 * src/registry/registry.test.ts). Request bodies are generated from the zod schemas the routes
 * parse (`ROUTE_BODIES`; src/public-api/openapi.test.ts); path parameters from the path itself.
 */
import { z } from 'zod';
import { emailSchema, registerSchema } from '@/accounts/handlers';
import { INFO_LIMITS, ROLE_MAX } from '@/accounts/claims';
import { ALERT_MODES } from '@/accounts/follows';
import { LIST_NAME_MAX_LENGTH, MAX_SIRENS_PER_CALL } from '@/accounts/limits';
import { fullProfile, partialProfile } from '@/accounts/users';
import { contactSchema } from '@/content/contact';
import { CAPTCHA_FIELD } from '@/lib/captcha/protocol';
import { complementaryInput } from '@/orders/complementary';
import { billingSchema, bodyPayloads, documentPayload } from '@/orders/payloads';
import {
  dataResponse,
  errorResponse as err,
  fileResponse,
  jsonBody,
  pathParam,
  type OpenApiPaths,
} from './openapi-parts';

type Method = 'get' | 'post' | 'patch' | 'delete';

const COMMON = {
  400: err('Requête mal formée (INVALID_INPUT).'),
  401: err('Connexion requise (UNAUTHENTICATED).'),
  403: err(
    'Refusé : demande envoyée depuis un autre site (CROSS_SITE_REQUEST : en-tête `Origin` d’un autre site ou `Sec-Fetch-Site: cross-site`), origine non autorisée (FORBIDDEN) ou commande identique déjà en attente de paiement (SAME_ORDER_PENDING).',
  ),
  402: err('Carte refusée (PAYMENT_DECLINED).'),
  404: err('Objet introuvable, ou appartenant à un autre utilisateur (NOT_FOUND).'),
  405: err('Méthode non autorisée (METHOD_NOT_ALLOWED).'),
  413: err('Corps de requête trop volumineux (PAYLOAD_TOO_LARGE).'),
  409: err('Action contraire à l’état actuel (CONFLICT), par exemple une commande déjà payée.'),
  415: err('Type de contenu non pris en charge (UNSUPPORTED_MEDIA_TYPE).'),
  419: err('Jeton CSRF absent ou invalide (CSRF_TOKEN_MISMATCH).'),
  422: err('Champs invalides (VALIDATION_FAILED), détail par champ dans `error.fields`.'),
  429: err('Trop de requêtes (RATE_LIMITED) ; en-tête `Retry-After`.'),
  503: err('Service momentanément indisponible (SERVICE_UNAVAILABLE).'),
} as const;
type Code = keyof typeof COMMON;

/** The path parameters, by name: each operation takes those of its path. */
const PARAMS: Record<string, string> = {
  id: 'Identifiant.',
  siren: 'Numéro SIREN (9 chiffres).',
  listId: 'Liste de suivi (facultatif).',
  kind: 'Type de document du catalogue.',
  n: 'Rang du dirigeant.',
  documentId: 'Identifiant du document.',
  session: 'Session de paiement.',
};

type Op = {
  summary: string;
  /** The answer: [status, description]; a string is a file (200). */
  ok: [number, string] | string;
  errors: Code[];
  tag?: string;
};

/**
 * A state-changing call of a signed-in user: sent from another site 403, guest 401, CSRF 419,
 * field errors 422, a method the route does not take (or a `_method` override it refuses) 405.
 * 400: a malformed address or body.
 */
const USER_WRITE: Code[] = [400, 401, 403, 404, 405, 413, 415, 419, 422, 429, 503];
const USER_READ: Code[] = [400, 401, 404, 405, 429, 503];
const PUBLIC_WRITE: Code[] = [400, 403, 413, 415, 419, 422, 429, 503];

const read = (summary: string, ok: string, errors = USER_READ): Op => ({
  summary,
  ok: [200, ok],
  errors,
});
const write = (summary: string, ok: string, status = 200, errors = USER_WRITE): Op => ({
  summary,
  ok: [status, ok],
  errors,
});
const download = (summary: string, file: string): Op => ({ summary, ok: file, errors: USER_READ });

type Ops = Record<string, Partial<Record<Method, Op>>>;
/** A group of operations under one tag. */
const tagged = (tag: string, ops: Ops): Ops =>
  Object.fromEntries(
    Object.entries(ops).map(([path, methods]) => [
      path,
      Object.fromEntries(Object.entries(methods).map(([m, op]) => [m, { tag, ...op }])),
    ]),
  );

const ACCOUNT: Ops = {
  '/sanctum/csrf-cookie': {
    get: { summary: 'Pose le cookie du jeton CSRF', ok: [204, 'Cookie posé.'], errors: [] },
  },
  '/reset-password': {
    post: write(
      'Nouveau mot de passe à partir du lien reçu',
      'Mot de passe changé.',
      200,
      PUBLIC_WRITE,
    ),
  },
  '/logout': { post: { summary: 'Déconnexion', ok: [204, 'Session fermée.'], errors: [419, 503] } },
  '/api/account/register': {
    post: write(
      'Création de compte',
      'Compte créé ; un courriel de vérification est envoyé.',
      201,
      PUBLIC_WRITE,
    ),
  },
  '/api/account/login': {
    post: write('Connexion', 'Connecté ; cookie de session posé.', 200, [...PUBLIC_WRITE, 403]),
  },
  '/api/account/forgot-password': {
    post: write(
      'Demande de réinitialisation du mot de passe',
      'Demande enregistrée (même réponse que le compte existe ou non).',
      200,
      PUBLIC_WRITE,
    ),
  },
  '/api/me/{id}': {
    get: read(
      'Profil de l’utilisateur connecté (un autre identifiant que le sien : 404)',
      'Le profil.',
    ),
  },
  '/api/me': {
    // Only /api/me changes the account: POST and PATCH on /api/me/{id} answer 404.
    post: write(
      'Mettre à jour le profil (formulaire, _method=PATCH) ; changer d’adresse e-mail ou de mot de passe (current_password exigé) ; _method=DELETE : supprimer le compte (password exigé)',
      'Le profil ; `pending_email` quand un lien a été envoyé à la nouvelle adresse.',
    ),
    patch: write('Mettre à jour le profil', 'Le profil.'),
  },
  '/api/me/sessions': {
    get: read(
      'Sessions ouvertes de l’utilisateur (appareil, dates, début d’adresse)',
      'Les sessions, celle de la requête marquée « current ».',
    ),
    delete: write('Fermer toutes les autres sessions', 'Fermées.', 204),
  },
  '/api/me/sessions/{id}': { delete: write('Fermer une session de l’utilisateur', 'Fermée.', 204) },
  '/api/me/events': { get: read('Événements des entreprises suivies', 'Les événements.') },
  '/api/me/export': { get: read('Export des données personnelles (RGPD)', 'Les données.') },
  '/api/me/verification-email': { post: write('Renvoyer le courriel de vérification', 'Envoyé.') },
  '/api/onboarding/user-infos': {
    post: write('Informations d’accueil (profil professionnel)', 'Enregistré.'),
    patch: write('Modifier les informations d’accueil', 'Enregistré.'),
  },
};

const FOLLOWING: Ops = {
  '/api/alerts/unsubscribe': {
    get: read('Désabonnement des alertes (lien du courriel)', 'Désabonné.', [400, 404]),
    post: read('Désabonnement des alertes en un clic (RFC 8058)', 'Désabonné.', [400, 404, 415]),
  },
  '/api/company/{siren}/follow/{listId}': {
    post: write(
      'Suivre une entreprise (dans une liste donnée, ou la liste par défaut sans `listId`)',
      'Entreprise suivie.',
    ),
  },
  '/api/company/{siren}/unfollow': {
    delete: write('Ne plus suivre une entreprise', 'Plus suivie.'),
  },
  '/api/company/followed': { get: read('Entreprises suivies par l’utilisateur', 'La liste.') },
  '/api/company/unfollow-list': { post: write('Ne plus suivre plusieurs entreprises', 'Fait.') },
  '/api/followed-lists': {
    get: read('Listes de suivi', 'Les listes.'),
    // 409: a list of that name exists already.
    post: write('Créer une liste de suivi', 'La liste créée.', 201, [...USER_WRITE, 409]),
  },
  '/api/followed-lists/{id}': {
    get: read('Une liste de suivi et ses entreprises', 'La liste.'),
    patch: write('Renommer une liste de suivi', 'La liste.'),
    post: write('Renommer une liste de suivi (formulaire)', 'La liste.'),
    delete: write('Supprimer une liste de suivi', 'Supprimée.'),
  },
  '/api/followed-lists/{id}/companies': {
    post: write('Ajouter des entreprises à une liste', 'Ajoutées.'),
    delete: write('Retirer des entreprises d’une liste', 'Retirées.'),
  },
};

const CLAIMS: Ops = {
  '/api/claims': {
    get: read('Revendications d’entreprise de l’utilisateur', 'La liste.'),
    post: write('Revendiquer une entreprise (dirigeant)', 'Revendication créée.', 201),
  },
  '/api/claims/{id}': {
    post: write('Retirer une revendication (formulaire, _method=DELETE)', 'Retirée.'),
    delete: write('Retirer une revendication', 'Retirée.', 204),
  },
  '/api/claims/{id}/info': {
    post: write('Informations complémentaires de la revendication', 'Enregistré.'),
  },
  '/api/claims/{id}/verify': {
    post: write('Vérification de la revendication (code reçu)', 'Vérifiée.'),
  },
  '/api/company/{siren}/owner-info': {
    get: read(
      'Informations publiées par le dirigeant de l’entreprise',
      'Les informations.',
      [400, 404, 503],
    ),
  },
};

const ORDER: Code[] = [...USER_WRITE, 403];
const ORDERS: Ops = {
  '/orders/{id}/download': {
    get: download('Téléchargement du document d’une commande payée (PDF)', 'Le document (PDF).'),
  },
  '/orders/{id}/download/word': {
    get: download('Téléchargement du document d’une commande payée (Word)', 'Le document (DOCX).'),
  },
  '/pre-orders/{id}/download': {
    get: download('Aperçu du document d’une pré-commande', 'L’aperçu (PDF).'),
  },
  '/api/financial-diagnostics/{siren}/stats': {
    get: read('Statistiques du diagnostic financier', 'Les statistiques.', [400, 404, 503]),
  },
  '/api/letter-templates': { get: read('Modèles de lettres disponibles', 'Les modèles.', [503]) },
  '/api/{kind}/{siren}/order': {
    post: write(
      'Commander un document sur une entreprise',
      'La commande (pré-commande en attente de paiement).',
      201,
      ORDER,
    ),
  },
  '/api/director-report/{siren}/order/{n}': {
    post: write('Commander le rapport d’un dirigeant', 'La commande.', 201, ORDER),
  },
  '/api/document/{documentId}/order': {
    post: write('Commander un document déposé', 'La commande.', 201, ORDER),
  },
  '/api/invoices': {
    get: read(
      'Factures et avoirs de l’utilisateur',
      'Les factures et avoirs, du plus récent au plus ancien.',
    ),
  },
  '/api/credit-notes/{id}': {
    get: download('Avoir d’une commande remboursée (PDF)', 'L’avoir (PDF).'),
  },
  '/api/invoices/{id}': {
    get: download(
      'Facture d’une commande ou d’une échéance d’abonnement (PDF)',
      'La facture (PDF).',
    ),
  },
  '/api/orders': { get: read('Commandes de l’utilisateur', 'Les commandes.') },
  '/api/orders-exports': { get: download('Export des commandes (tableur)', 'L’export.') },
  '/api/orders/{id}': { get: read('Une commande', 'La commande.') },
  '/api/orders/{id}/checkout': {
    post: write('Paiement d’une commande (session Stripe)', 'L’adresse de paiement.', 200, ORDER),
  },
};

const PAYMENTS: Ops = {
  '/api/payments/test/{session}': {
    get: read('Page de paiement de test (sans Stripe)', 'La session.'),
    post: write('Valider un paiement de test', 'Payé.', 200, [...USER_WRITE, 402, 409]),
  },
  '/api/payments/webhook': {
    post: read('Notifications Stripe (corps signé)', 'Reçu.', [400, 413, 503]),
  },
};

const SUBSCRIPTION: Ops = {
  '/api/subscription': { get: read('Abonnement de l’utilisateur', 'L’abonnement.') },
  '/api/subscription/cancel': { post: write('Résilier l’abonnement', 'L’abonnement.') },
  '/api/subscription/checkout': {
    post: write('Souscrire l’abonnement (session Stripe)', 'L’adresse de paiement.', 200, ORDER),
  },
};

const OTHERS: Ops = {
  ...tagged('Entreprises', {
    '/api/companies/complementary-informations': {
      post: write(
        'Informations complémentaires de plusieurs entreprises',
        'Les informations.',
        200,
        [400, 413, 415, 422, 503],
      ),
    },
  }),
  ...tagged('Contact', {
    '/api/contact': {
      post: write(
        'Formulaire de contact (JSON ou champs de formulaire ; captcha vérifié)',
        'Message envoyé.',
        201,
        PUBLIC_WRITE,
      ),
    },
  }),
};

const captcha = { [CAPTCHA_FIELD]: z.string().optional() };
const sirens = z.object({ sirens: z.array(z.string()).max(MAX_SIRENS_PER_CALL) });
const list = z.object({
  name: z.string().max(LIST_NAME_MAX_LENGTH).optional(),
  alert_mode: z.enum(ALERT_MODES as [string, ...string[]]).optional(),
});
const methodOverride = { _method: z.enum(['PATCH', 'PUT', 'DELETE']).optional() };
const register = registerSchema.extend({
  password: z.string(),
  password_confirmation: z.string().optional(),
  next: z.string().optional(),
  ...captcha,
});
const login = z.object({
  email: z.string(),
  password: z.string(),
  remember: z.boolean().optional(),
  ...captcha,
});
const forgotPassword = z.object({ email: emailSchema, ...captcha });
const orderBody = z.union(Object.values(bodyPayloads));

/**
 * The request bodies, by "METHOD path": the zod schema the route parses its body with. The
 * account and claim routes read some fields one by one (src/accounts/handlers.ts, claims.ts,
 * follows.ts): their entries add those fields, with the limits the handlers check.
 */
export const ROUTE_BODIES: Record<string, z.ZodType> = {
  'POST /register': register,
  'POST /login': login,
  'POST /forgot-password': forgotPassword,
  'POST /reset-password': z.object({
    token: z.string().max(200),
    email: z.string(),
    password: z.string(),
    password_confirmation: z.string().optional(),
  }),
  'POST /api/account/register': register,
  'POST /api/account/login': login,
  'POST /api/account/forgot-password': forgotPassword,
  'POST /api/me': partialProfile.extend({
    name: z.string().optional(),
    email: emailSchema.optional(),
    password: z.string().optional(),
    current_password: z.string().optional(),
    ...methodOverride,
  }),
  'PATCH /api/me': partialProfile.extend({ name: z.string().optional() }),
  'POST /api/onboarding/user-infos': fullProfile.extend(methodOverride),
  'PATCH /api/onboarding/user-infos': fullProfile,
  'POST /api/company/unfollow-list': sirens,
  'POST /api/followed-lists': list,
  'PATCH /api/followed-lists/{id}': list,
  'POST /api/followed-lists/{id}': list.extend(methodOverride),
  'POST /api/followed-lists/{id}/companies': sirens,
  'DELETE /api/followed-lists/{id}/companies': sirens,
  'POST /api/claims': z.object({ siren: z.string(), role: z.string().max(ROLE_MAX) }),
  'POST /api/claims/{id}': z.object(methodOverride),
  'POST /api/claims/{id}/info': z.object(
    Object.fromEntries(
      Object.entries(INFO_LIMITS).map(([k, max]) => [k, z.string().max(max).optional()]),
    ),
  ),
  'POST /api/claims/{id}/verify': z.object({ code: z.string() }),
  'POST /api/{kind}/{siren}/order': orderBody,
  'POST /api/document/{documentId}/order': documentPayload,
  'POST /api/orders/{id}/checkout': billingSchema,
  'POST /api/companies/complementary-informations': complementaryInput,
  'POST /api/contact': contactSchema.extend(captcha),
};

const OPS: Ops = {
  ...tagged('Compte', ACCOUNT),
  ...tagged('Suivi', FOLLOWING),
  ...tagged('Revendications', CLAIMS),
  ...tagged('Commandes', ORDERS),
  ...tagged('Paiements', PAYMENTS),
  ...tagged('Abonnement', SUBSCRIPTION),
  ...OTHERS,
};

// The forms' addresses that src/proxy.ts rewrites to their /api/account route.
for (const form of ['register', 'login', 'forgot-password']) {
  const { post } = OPS[`/api/account/${form}`]!;
  OPS[`/${form}`] = {
    post: { ...post!, summary: `${post!.summary} (réécrit vers /api/account/${form})` },
  };
}
// Optional catch-all routes ([[...x]]) answer with and without their last segment.
OPS['/api/me'] = { ...OPS['/api/me/{id}'], ...OPS['/api/me'] };
OPS['/api/company/{siren}/follow'] = OPS['/api/company/{siren}/follow/{listId}']!;

/** The parameters of a path template: `{siren}` → the SIREN parameter. */
const paramsOf = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) =>
    pathParam(name!, PARAMS[name!] ?? 'Identifiant.'),
  );

export function siteOperations(bodies: Record<string, z.ZodType> = ROUTE_BODIES): OpenApiPaths {
  const paths: OpenApiPaths = {};
  for (const [path, methods] of Object.entries(OPS)) {
    const item: Record<string, unknown> = {};
    const parameters = paramsOf(path);
    for (const [method, op] of Object.entries(methods) as [Method, Op][]) {
      const responses: Record<string, unknown> = {};
      if (typeof op.ok === 'string') responses[200] = fileResponse(op.ok);
      else
        responses[op.ok[0]] = op.ok[0] === 204 ? { description: op.ok[1] } : dataResponse(op.ok[1]);
      for (const code of [...new Set(op.errors)].sort()) responses[code] = COMMON[code];
      const body = bodies[`${method.toUpperCase()} ${path}`];
      item[method] = {
        tags: [op.tag],
        summary: op.summary,
        ...(parameters.length ? { parameters } : {}),
        ...(body ? { requestBody: jsonBody(body) } : {}),
        responses,
      };
    }
    paths[path] = item;
  }
  return paths;
}
