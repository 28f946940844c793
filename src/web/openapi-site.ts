/**
 * OpenAPI operations of the site's account, commerce and payment routes (spec sections 2 and 7),
 * beside the registry API of `./openapi`. Every route file under `src/app` whose URL starts with
 * /api/, and the spec's JSON and file routes outside /api, is listed here (checked by
 * src/registry/registry.test.ts).
 */
type Method = 'get' | 'post' | 'patch' | 'delete';

const errorBody = {
  description: '',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};
const err = (description: string) => ({ ...errorBody, description });
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
const file = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
});

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

const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', maxLength: 64 },
});
const SIREN = pathParam('siren', 'Numéro SIREN (9 chiffres).');
const ID = pathParam('id', 'Identifiant.');

type Op = {
  summary: string;
  tag: string;
  params?: ReturnType<typeof pathParam>[];
  body?: Record<string, unknown>;
  ok?: [number, string];
  fileAnswer?: string;
  errors: Code[];
};

/**
 * A state-changing call of a signed-in user: sent from another site 403, guest 401, CSRF 419,
 * field errors 422, a method the route does not take (or a `_method` override it refuses) 405.
 * 400: a malformed address or body.
 */
const USER_WRITE: Code[] = [400, 401, 403, 404, 405, 413, 415, 419, 422, 429, 503];
const USER_READ: Code[] = [400, 401, 404, 405, 429, 503];
const PUBLIC_WRITE: Code[] = [400, 403, 413, 415, 419, 422, 429, 503];

const str = { type: 'string' };
const OPS: Record<string, Partial<Record<Method, Op>>> = {
  '/sanctum/csrf-cookie': {
    get: {
      tag: 'Compte',
      summary: 'Pose le cookie du jeton CSRF',
      ok: [204, 'Cookie posé.'],
      errors: [],
    },
  },
  '/register': {
    post: {
      tag: 'Compte',
      summary: 'Création de compte (réécrit vers /api/account/register)',
      body: { email: str, password: str, name: str, captcha: str },
      ok: [201, 'Compte créé ; un courriel de vérification est envoyé.'],
      errors: PUBLIC_WRITE,
    },
  },
  '/login': {
    post: {
      tag: 'Compte',
      summary: 'Connexion (réécrit vers /api/account/login)',
      body: { email: str, password: str, remember: { type: 'boolean' } },
      ok: [200, 'Connecté ; cookie de session posé.'],
      errors: [...PUBLIC_WRITE, 403],
    },
  },
  '/forgot-password': {
    post: {
      tag: 'Compte',
      summary:
        'Demande de réinitialisation du mot de passe (réécrit vers /api/account/forgot-password)',
      body: { email: str, captcha: str },
      ok: [200, 'Demande enregistrée (même réponse que le compte existe ou non).'],
      errors: PUBLIC_WRITE,
    },
  },
  '/reset-password': {
    post: {
      tag: 'Compte',
      summary: 'Nouveau mot de passe à partir du lien reçu',
      body: { token: str, email: str, password: str, password_confirmation: str },
      ok: [200, 'Mot de passe changé.'],
      errors: PUBLIC_WRITE,
    },
  },
  '/logout': {
    post: {
      tag: 'Compte',
      summary: 'Déconnexion',
      ok: [204, 'Session fermée.'],
      errors: [419, 503],
    },
  },
  '/orders/{id}/download': {
    get: {
      tag: 'Commandes',
      summary: "Téléchargement du document d'une commande payée (PDF)",
      params: [ID],
      fileAnswer: 'Le document (PDF).',
      errors: USER_READ,
    },
  },
  '/orders/{id}/download/word': {
    get: {
      tag: 'Commandes',
      summary: "Téléchargement du document d'une commande payée (Word)",
      params: [ID],
      fileAnswer: 'Le document (DOCX).',
      errors: USER_READ,
    },
  },
  '/pre-orders/{id}/download': {
    get: {
      tag: 'Commandes',
      summary: "Aperçu du document d'une pré-commande",
      params: [ID],
      fileAnswer: "L'aperçu (PDF).",
      errors: USER_READ,
    },
  },
  '/api/account/register': {
    post: {
      tag: 'Compte',
      summary: 'Création de compte',
      body: { email: str, password: str, name: str, captcha: str },
      ok: [201, 'Compte créé.'],
      errors: PUBLIC_WRITE,
    },
  },
  '/api/account/login': {
    post: {
      tag: 'Compte',
      summary: 'Connexion',
      body: { email: str, password: str, remember: { type: 'boolean' } },
      ok: [200, 'Connecté.'],
      errors: [...PUBLIC_WRITE, 403],
    },
  },
  '/api/account/forgot-password': {
    post: {
      tag: 'Compte',
      summary: 'Demande de réinitialisation du mot de passe',
      body: { email: str, captcha: str },
      ok: [200, 'Demande enregistrée.'],
      errors: PUBLIC_WRITE,
    },
  },
  '/api/alerts/unsubscribe': {
    get: {
      tag: 'Suivi',
      summary: 'Désabonnement des alertes (lien du courriel)',
      ok: [200, 'Désabonné.'],
      errors: [400, 404],
    },
    post: {
      tag: 'Suivi',
      summary: 'Désabonnement des alertes en un clic (RFC 8058)',
      ok: [200, 'Désabonné.'],
      errors: [400, 404, 415],
    },
  },
  '/api/claims': {
    get: {
      tag: 'Revendications',
      summary: "Revendications d'entreprise de l'utilisateur",
      ok: [200, 'La liste.'],
      errors: USER_READ,
    },
    post: {
      tag: 'Revendications',
      summary: 'Revendiquer une entreprise (dirigeant)',
      body: { siren: str },
      ok: [201, 'Revendication créée.'],
      errors: USER_WRITE,
    },
  },
  '/api/claims/{id}': {
    post: {
      tag: 'Revendications',
      summary: 'Mettre à jour une revendication',
      params: [ID],
      body: {},
      ok: [200, 'La revendication.'],
      errors: USER_WRITE,
    },
    delete: {
      tag: 'Revendications',
      summary: 'Retirer une revendication',
      params: [ID],
      ok: [204, 'Retirée.'],
      errors: USER_WRITE,
    },
  },
  '/api/claims/{id}/info': {
    post: {
      tag: 'Revendications',
      summary: 'Informations complémentaires de la revendication',
      params: [ID],
      body: {},
      ok: [200, 'Enregistré.'],
      errors: USER_WRITE,
    },
  },
  '/api/claims/{id}/verify': {
    post: {
      tag: 'Revendications',
      summary: 'Vérification de la revendication (code reçu)',
      params: [ID],
      body: { code: str },
      ok: [200, 'Vérifiée.'],
      errors: USER_WRITE,
    },
  },
  '/api/company/{siren}/follow/{listId}': {
    post: {
      tag: 'Suivi',
      summary:
        'Suivre une entreprise (dans une liste donnée, ou la liste par défaut sans `listId`)',
      params: [SIREN, { ...pathParam('listId', 'Liste de suivi (facultatif).') }],
      ok: [200, 'Entreprise suivie.'],
      errors: USER_WRITE,
    },
  },
  '/api/company/{siren}/owner-info': {
    get: {
      tag: 'Revendications',
      summary: "Informations publiées par le dirigeant de l'entreprise",
      params: [SIREN],
      ok: [200, 'Les informations.'],
      errors: [400, 404, 503],
    },
  },
  '/api/company/{siren}/unfollow': {
    delete: {
      tag: 'Suivi',
      summary: 'Ne plus suivre une entreprise',
      params: [SIREN],
      ok: [200, 'Plus suivie.'],
      errors: USER_WRITE,
    },
  },
  '/api/company/followed': {
    get: {
      tag: 'Suivi',
      summary: "Entreprises suivies par l'utilisateur",
      ok: [200, 'La liste.'],
      errors: USER_READ,
    },
  },
  '/api/company/unfollow-list': {
    post: {
      tag: 'Suivi',
      summary: 'Ne plus suivre plusieurs entreprises',
      body: { sirens: { type: 'array', items: str } },
      ok: [200, 'Fait.'],
      errors: USER_WRITE,
    },
  },
  '/api/followed-lists': {
    get: { tag: 'Suivi', summary: 'Listes de suivi', ok: [200, 'Les listes.'], errors: USER_READ },
    post: {
      tag: 'Suivi',
      summary: 'Créer une liste de suivi',
      body: { name: str },
      ok: [201, 'La liste créée.'],
      // 409: a list of that name exists already.
      errors: [...USER_WRITE, 409],
    },
  },
  '/api/followed-lists/{id}': {
    get: {
      tag: 'Suivi',
      summary: 'Une liste de suivi et ses entreprises',
      params: [ID],
      ok: [200, 'La liste.'],
      errors: USER_READ,
    },
    patch: {
      tag: 'Suivi',
      summary: 'Renommer une liste de suivi',
      params: [ID],
      body: { name: str },
      ok: [200, 'La liste.'],
      errors: USER_WRITE,
    },
    post: {
      tag: 'Suivi',
      summary: 'Renommer une liste de suivi (formulaire)',
      params: [ID],
      body: { name: str },
      ok: [200, 'La liste.'],
      errors: USER_WRITE,
    },
    delete: {
      tag: 'Suivi',
      summary: 'Supprimer une liste de suivi',
      params: [ID],
      ok: [204, 'Supprimée.'],
      errors: USER_WRITE,
    },
  },
  '/api/followed-lists/{id}/companies': {
    post: {
      tag: 'Suivi',
      summary: 'Ajouter des entreprises à une liste',
      params: [ID],
      body: { sirens: { type: 'array', items: str } },
      ok: [200, 'Ajoutées.'],
      errors: USER_WRITE,
    },
    delete: {
      tag: 'Suivi',
      summary: "Retirer des entreprises d'une liste",
      params: [ID],
      body: { sirens: { type: 'array', items: str } },
      ok: [200, 'Retirées.'],
      errors: USER_WRITE,
    },
  },
  '/api/me/{id}': {
    get: {
      tag: 'Compte',
      summary: "Profil de l'utilisateur connecté (un autre identifiant que le sien : 404)",
      params: [pathParam('id', 'Facultatif.')],
      ok: [200, 'Le profil.'],
      errors: USER_READ,
    },
  },
  '/api/me/sessions': {
    get: {
      tag: 'Compte',
      summary: "Sessions ouvertes de l'utilisateur (appareil, dates, début d'adresse)",
      ok: [200, 'Les sessions, celle de la requête marquée « current ».'],
      errors: USER_READ,
    },
    delete: {
      tag: 'Compte',
      summary: 'Fermer toutes les autres sessions',
      ok: [204, 'Fermées.'],
      errors: USER_WRITE,
    },
  },
  '/api/me/sessions/{id}': {
    delete: {
      tag: 'Compte',
      summary: "Fermer une session de l'utilisateur",
      params: [ID],
      ok: [204, 'Fermée.'],
      errors: USER_WRITE,
    },
  },
  '/api/me/events': {
    get: {
      tag: 'Compte',
      summary: 'Événements des entreprises suivies',
      ok: [200, 'Les événements.'],
      errors: USER_READ,
    },
  },
  '/api/me/export': {
    get: {
      tag: 'Compte',
      summary: 'Export des données personnelles (RGPD)',
      ok: [200, 'Les données.'],
      errors: USER_READ,
    },
  },
  '/api/me/verification-email': {
    post: {
      tag: 'Compte',
      summary: 'Renvoyer le courriel de vérification',
      ok: [200, 'Envoyé.'],
      errors: USER_WRITE,
    },
  },
  '/api/onboarding/user-infos': {
    post: {
      tag: 'Compte',
      summary: "Informations d'accueil (profil professionnel)",
      body: {},
      ok: [200, 'Enregistré.'],
      errors: USER_WRITE,
    },
    patch: {
      tag: 'Compte',
      summary: "Modifier les informations d'accueil",
      body: {},
      ok: [200, 'Enregistré.'],
      errors: USER_WRITE,
    },
  },
  '/api/financial-diagnostics/{siren}/stats': {
    get: {
      tag: 'Commandes',
      summary: 'Statistiques du diagnostic financier',
      params: [SIREN],
      ok: [200, 'Les statistiques.'],
      errors: [400, 404, 503],
    },
  },
  '/api/letter-templates': {
    get: {
      tag: 'Commandes',
      summary: 'Modèles de lettres disponibles',
      ok: [200, 'Les modèles.'],
      errors: [503],
    },
  },
  '/api/{kind}/{siren}/order': {
    post: {
      tag: 'Commandes',
      summary: 'Commander un document sur une entreprise',
      params: [pathParam('kind', 'Type de document du catalogue.'), SIREN],
      body: {},
      ok: [201, 'La commande (pré-commande en attente de paiement).'],
      errors: [...USER_WRITE, 403],
    },
  },
  '/api/companies/complementary-informations': {
    post: {
      tag: 'Entreprises',
      summary: 'Informations complémentaires de plusieurs entreprises',
      body: { sirens: { type: 'array', items: str } },
      ok: [200, 'Les informations.'],
      errors: [400, 413, 415, 422, 503],
    },
  },
  '/api/contact': {
    post: {
      tag: 'Contact',
      summary: 'Formulaire de contact (JSON ou champs de formulaire ; captcha vérifié)',
      body: {
        name: str,
        email: str,
        topic: str,
        siren: str,
        orderReference: str,
        message: str,
        captcha: str,
      },
      ok: [201, 'Message envoyé.'],
      errors: PUBLIC_WRITE,
    },
  },
  '/api/director-report/{siren}/order/{n}': {
    post: {
      tag: 'Commandes',
      summary: "Commander le rapport d'un dirigeant",
      params: [SIREN, pathParam('n', 'Rang du dirigeant.')],
      ok: [201, 'La commande.'],
      errors: [...USER_WRITE, 403],
    },
  },
  '/api/document/{documentId}/order': {
    post: {
      tag: 'Commandes',
      summary: 'Commander un document déposé',
      params: [pathParam('documentId', 'Identifiant du document.')],
      body: {},
      ok: [201, 'La commande.'],
      errors: [...USER_WRITE, 403],
    },
  },
  '/api/invoices': {
    get: {
      tag: 'Commandes',
      summary: "Factures et avoirs de l'utilisateur",
      ok: [200, 'Les factures et avoirs, du plus récent au plus ancien.'],
      errors: USER_READ,
    },
  },
  '/api/credit-notes/{id}': {
    get: {
      tag: 'Commandes',
      summary: "Avoir d'une commande remboursée (PDF)",
      params: [ID],
      fileAnswer: "L'avoir (PDF).",
      errors: USER_READ,
    },
  },
  '/api/invoices/{id}': {
    get: {
      tag: 'Commandes',
      summary: "Facture d'une commande ou d'une échéance d'abonnement (PDF)",
      params: [ID],
      fileAnswer: 'La facture (PDF).',
      errors: USER_READ,
    },
  },
  '/api/orders': {
    get: {
      tag: 'Commandes',
      summary: "Commandes de l'utilisateur",
      ok: [200, 'Les commandes.'],
      errors: USER_READ,
    },
  },
  '/api/orders-exports': {
    get: {
      tag: 'Commandes',
      summary: 'Export des commandes (tableur)',
      fileAnswer: "L'export.",
      errors: USER_READ,
    },
  },
  '/api/orders/{id}': {
    get: {
      tag: 'Commandes',
      summary: 'Une commande',
      params: [ID],
      ok: [200, 'La commande.'],
      errors: USER_READ,
    },
  },
  '/api/orders/{id}/checkout': {
    post: {
      tag: 'Commandes',
      summary: "Paiement d'une commande (session Stripe)",
      params: [ID],
      ok: [200, "L'adresse de paiement."],
      errors: [...USER_WRITE, 403],
    },
  },
  '/api/payments/test/{session}': {
    get: {
      tag: 'Paiements',
      summary: 'Page de paiement de test (sans Stripe)',
      params: [pathParam('session', 'Session de paiement.')],
      ok: [200, 'La session.'],
      errors: USER_READ,
    },
    post: {
      tag: 'Paiements',
      summary: 'Valider un paiement de test',
      params: [pathParam('session', 'Session de paiement.')],
      ok: [200, 'Payé.'],
      errors: [...USER_WRITE, 402, 409],
    },
  },
  '/api/payments/webhook': {
    post: {
      tag: 'Paiements',
      summary: 'Notifications Stripe (corps signé)',
      ok: [200, 'Reçu.'],
      errors: [400, 413, 503],
    },
  },
  '/api/subscription': {
    get: {
      tag: 'Abonnement',
      summary: "Abonnement de l'utilisateur",
      ok: [200, "L'abonnement."],
      errors: USER_READ,
    },
  },
  '/api/subscription/cancel': {
    post: {
      tag: 'Abonnement',
      summary: "Résilier l'abonnement",
      ok: [200, "L'abonnement."],
      errors: USER_WRITE,
    },
  },
  '/api/subscription/checkout': {
    post: {
      tag: 'Abonnement',
      summary: "Souscrire l'abonnement (session Stripe)",

      ok: [200, "L'adresse de paiement."],
      errors: [...USER_WRITE, 403],
    },
  },
};

// Optional catch-all routes ([[...x]]) answer with and without their last segment.
const withoutLast = (methods: Partial<Record<Method, Op>>) =>
  Object.fromEntries(
    Object.entries(methods).map(([m, op]) => [m, { ...op, params: op.params?.slice(0, -1) }]),
  ) as Partial<Record<Method, Op>>;
OPS['/api/me'] = {
  ...withoutLast(OPS['/api/me/{id}']!),
  // Only /api/me changes the account: POST and PATCH on /api/me/{id} answer 404.
  post: {
    tag: 'Compte',
    summary:
      'Mettre à jour le profil (formulaire, _method=PATCH) ; changer d’adresse e-mail ou de mot de passe (current_password exigé) ; _method=DELETE : supprimer le compte (password exigé)',
    body: {},
    ok: [200, 'Le profil ; `pending_email` quand un lien a été envoyé à la nouvelle adresse.'],
    errors: USER_WRITE,
  },
  patch: {
    tag: 'Compte',
    summary: 'Mettre à jour le profil',
    body: {},
    ok: [200, 'Le profil.'],
    errors: USER_WRITE,
  },
};
OPS['/api/company/{siren}/follow'] = withoutLast(OPS['/api/company/{siren}/follow/{listId}']!);

export function siteOperations(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [path, methods] of Object.entries(OPS)) {
    const item: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(methods) as [Method, Op][]) {
      const responses: Record<string, unknown> = {};
      if (op.fileAnswer) responses[200] = file(op.fileAnswer);
      else if (op.ok)
        responses[op.ok[0]] = op.ok[0] === 204 ? { description: op.ok[1] } : ok(op.ok[1]);
      for (const code of [...new Set(op.errors)].sort()) responses[code] = COMMON[code];
      item[method] = {
        tags: [op.tag],
        summary: op.summary,
        ...(op.params?.length ? { parameters: op.params } : {}),
        ...(op.body
          ? {
              requestBody: {
                required: true,
                content: {
                  'application/json': { schema: { type: 'object', properties: op.body } },
                },
              },
            }
          : {}),
        responses,
      };
    }
    paths[path] = item;
  }
  return paths;
}
