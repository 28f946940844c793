/**
 * The one error shape of the application. Services and read models return `Result<T>`: a value,
 * or a failure with a `code`. This module alone maps codes to HTTP statuses and default French
 * messages, for the API (`errorResponse`) and for pages (`failureMessage`).
 *
 * A new code is one row of `ERRORS`; a service may give a more precise French message than the
 * default, never a different status.
 */

const ERRORS = {
  /** Malformed request: query string, path parameter or body that cannot be read. */
  INVALID_INPUT: { status: 400, message: 'La requête est invalide.' },
  /** Well-formed but refused by the rules: field errors in `fields` (spec section 5, 422). */
  VALIDATION_FAILED: { status: 422, message: 'Certains champs sont invalides.' },
  CAPTCHA_MISSING: { status: 400, message: "La vérification anti-robot n'est pas encore faite." },
  CAPTCHA_INVALID: { status: 400, message: 'La vérification anti-robot a échoué.' },
  CAPTCHA_EXPIRED: { status: 400, message: 'La vérification anti-robot a expiré.' },
  CAPTCHA_REUSED: { status: 400, message: 'Cette vérification anti-robot a déjà servi.' },
  /** Registry and search reads (spec section 7): the API's codes, with the messages they had. */
  INVALID_SIREN: { status: 400, message: 'Le numéro SIREN est invalide.' },
  INVALID_DIRECTOR_ID: { status: 400, message: 'Identifiant de dirigeant invalide.' },
  /** The network map (src/registry/network.ts): a depth it does not allow. */
  INVALID_DEPTH: { status: 400, message: 'La profondeur du réseau doit être 1 ou 2.' },
  INVALID_PAGE: { status: 400, message: 'La page demandée n’existe pas.' },
  INVALID_PER_PAGE: { status: 400, message: 'Le nombre de résultats par page est invalide.' },
  INVALID_FILTER: { status: 400, message: 'Un filtre de recherche est invalide.' },
  /** An export's format or columns (src/search/export.ts). */
  INVALID_EXPORT: {
    status: 422,
    message: 'Cet export est impossible : un paramètre est invalide.',
  },
  /** More rows asked of an export than the caller may have. */
  EXPORT_LIMIT_EXCEEDED: {
    status: 422,
    message: 'Paramètre « limite » : l’export est limité à 10 000 lignes.',
  },
  /** A user's saved searches are capped (src/accounts/saved-searches). */
  SAVED_SEARCH_LIMIT: {
    status: 422,
    message: 'Vous avez atteint le nombre maximal de recherches enregistrées.',
  },
  QUERY_EMPTY: { status: 400, message: 'Saisissez un nom ou un numéro à rechercher.' },
  QUERY_TOO_SHORT: { status: 400, message: 'La recherche est trop courte.' },
  QUERY_TOO_LONG: { status: 400, message: 'La recherche est trop longue.' },
  COMPANY_NOT_FOUND: { status: 404, message: 'Aucune entreprise ne correspond à ce numéro SIREN.' },
  DIRECTOR_NOT_FOUND: { status: 404, message: 'Aucun dirigeant ne correspond à cet identifiant.' },
  UNKNOWN_SECTION: { status: 404, message: 'Cette section n’existe pas.' },
  SEARCH_UNAVAILABLE: {
    status: 503,
    message: 'La recherche est momentanément indisponible. Réessayez dans quelques instants.',
  },
  /** A full rebuild of the search index is under way (src/server/search-rebuild.ts). */
  SEARCH_INDEX_REBUILDING: {
    status: 503,
    message:
      'Index de recherche en reconstruction : la recherche reviendra dès la fin de la reconstruction. Les fiches des entreprises restent consultables.',
  },
  UNAUTHENTICATED: { status: 401, message: 'Vous devez être connecté.' },
  /** A public API call with a malformed, unknown or revoked key (src/api-access). */
  API_KEY_INVALID: {
    status: 401,
    message: 'Cette clé d’API est inconnue ou a été révoquée.',
  },
  FORBIDDEN: { status: 403, message: "Vous n'avez pas accès à cette ressource." },
  /** A state change sent from another site's page (Origin / Sec-Fetch-Site, src/lib/http/origin.ts). */
  CROSS_SITE_REQUEST: {
    status: 403,
    message:
      'Cette demande a été envoyée depuis un autre site : elle est refusée. Recommencez depuis notre site.',
  },
  SAME_ORDER_PENDING: {
    status: 403,
    message: 'Une commande identique est déjà en cours de traitement.',
  },
  /** The card was refused by the payment provider. */
  PAYMENT_DECLINED: { status: 402, message: 'Votre carte a été refusée.' },
  NOT_FOUND: { status: 404, message: "Cette ressource n'existe pas." },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Cette méthode HTTP est refusée ici.' },
  CONFLICT: { status: 409, message: 'Cette action entre en conflit avec l’état actuel.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'La requête est trop volumineuse.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Ce format de requête n'est pas accepté." },
  /** Laravel's code for a missing or wrong CSRF token, which the spec's front end expects. */
  CSRF_TOKEN_MISMATCH: {
    status: 419,
    message: 'Votre session a expiré : rechargez la page puis recommencez.',
  },
  /** An opposition request for what is not hidden on request (a legal person's registry data). */
  OPPOSITION_NOT_ALLOWED: {
    status: 422,
    message: 'Les données d’une personne morale ne sont pas masquées sur demande.',
  },
  /** A confirmation link that is forged, altered or already used. */
  OPPOSITION_LINK_INVALID: {
    status: 400,
    message: 'Ce lien de confirmation n’est pas valable ou a déjà servi.',
  },
  OPPOSITION_LINK_EXPIRED: { status: 410, message: 'Ce lien de confirmation a expiré.' },
  RATE_LIMITED: {
    status: 429,
    message: 'Trop de tentatives : patientez un moment avant de recommencer.',
  },
  /** A document kind we cannot produce for this company (no data, no provider configured). */
  DOCUMENT_UNAVAILABLE: {
    status: 422,
    message: 'Ce document ne peut pas être produit pour cette entreprise.',
  },
  SOURCE_UNAVAILABLE: { status: 503, message: 'Les données sont momentanément indisponibles.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Le service est momentanément indisponible.' },
  /** An unexpected failure of ours (a bug): reported, the person is told to try again. */
  INTERNAL_ERROR: {
    status: 500,
    message: 'Une erreur inattendue est survenue de notre côté. Réessayez dans quelques instants.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export type Failure = {
  ok: false;
  code: ErrorCode;
  /** French, for the person who made the request. */
  message: string;
  /** Field errors of a form (VALIDATION_FAILED): field name to French messages. */
  fields?: Record<string, string[]>;
  /** RATE_LIMITED and unavailable answers: sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** Extra members of the JSON answer beside `error` (e.g. the pending order of SAME_ORDER_PENDING). */
  extra?: Record<string, unknown>;
};

/** True for a Failure value (the parsers' and services' errors as values). */
export function isFailure(v: unknown): v is Failure {
  return typeof v === 'object' && v !== null && 'ok' in v && v.ok === false;
}

export type Result<T> = { ok: true; value: T } | Failure;

export const success = <T>(value: T): Result<T> => ({ ok: true, value });

/** Seconds a client is told to wait (`Retry-After`) before asking again after a 503. */
export const RETRY_AFTER_SECONDS = 30;

/** A failure; every 503 carries `Retry-After` (RETRY_AFTER_SECONDS unless given). */
export function failure(
  code: ErrorCode,
  message?: string,
  more: Omit<Failure, 'ok' | 'code' | 'message'> = {},
): Failure {
  const f: Failure = { ok: false, code, message: message ?? ERRORS[code].message, ...more };
  if (ERRORS[code].status === 503 && f.retryAfterSeconds == null)
    f.retryAfterSeconds = RETRY_AFTER_SECONDS;
  return f;
}

/**
 * Whether a thrown error means the database cannot be reached or takes no more connections,
 * rather than a fault of the request or of the code: refused or dropped connection, unknown host,
 * `too many clients` (53300), server starting or shutting down (57P01-57P03), any connection
 * exception (class 08), the pool's wait for a connection timed out, an embedded PGlite closed.
 * Drizzle wraps the driver's error: its `cause` chain is read too. The one classification: the
 * server (src/server/unavailable.ts) and the handlers answer these 503 with `Retry-After`.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (let depth = 0; e != null && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && DATABASE_DOWN_CODES.test(code)) return true;
    if (typeof message === 'string' && DATABASE_DOWN_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const DATABASE_DOWN_CODES =
  /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|EPIPE|53300|53400|57P0[123]|08[0-9A-Z]{3})$/;
const DATABASE_DOWN_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|too many clients|remaining connection slots are reserved|the database system is (starting up|shutting down)|PGlite is closed|Cannot use a pool after calling end on the pool|Client has encountered a connection error/i;

/** The failure of a request the database could not serve: 503, `Retry-After`, French message. */
export function databaseUnavailable(): Failure {
  return failure('SERVICE_UNAVAILABLE');
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

export function statusOf(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** The default French message of a code, for pages that show a failure. */
export function failureMessage(code: ErrorCode): string {
  return ERRORS[code].message;
}

/** The JSON body of a failure: `{ error: { code, message, fields? }, ...extra }`. */
export function failureBody(f: Failure): Record<string, unknown> {
  const error: Record<string, unknown> = { code: f.code, message: f.message };
  if (f.fields) error.fields = f.fields;
  return { ...f.extra, error };
}

/** The headers of a failure's answer: never cached by a proxy, `Retry-After` when one is known. */
export function failureHeaders(f: Failure): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (f.retryAfterSeconds != null) headers['Retry-After'] = String(Math.ceil(f.retryAfterSeconds));
  return headers;
}
