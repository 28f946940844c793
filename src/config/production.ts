/**
 * What a production start (`APP_ENV=prod`) requires beyond the schema of src/config/env.ts: each
 * setting that is missing, or set to something unsafe for a live site, gives one line, and the
 * server refuses to start (src/config/env.ts throws, scripts/start.ts and scripts/serve.ts print
 * the lines and exit). Without this, a production start would quietly fall back to what makes
 * `npm start` work with nothing set up: the test payment provider taking test cards, mails written
 * to files with their links in the logs, keys drawn on one machine, links to localhost.
 *
 * Pure: reads the raw settings it is given, never `process.env`.
 */

/** The publisher's identity, printed on the legal notice, the terms and the invoices. */
export const PUBLISHER_KEYS = [
  'SELLER_NAME',
  'SELLER_LEGAL_FORM',
  'SELLER_CAPITAL',
  'SELLER_ADDRESS',
  'SELLER_REGISTRATION',
  'SELLER_VAT_NUMBER',
  'PUBLICATION_DIRECTOR',
  'HOST_NAME',
  'HOST_ADDRESS',
  'HOST_PHONE',
] as const;

/**
 * The example values of src/config/env.ts's defaults, refused in production even when set
 * explicitly: an invoice may not carry CHE-000.000.000 or FR00000000000.
 */
const PLACEHOLDERS: Array<[key: string, pattern: RegExp]> = [
  ['SELLER_REGISTRATION', /000\.000\.000/],
  ['SELLER_VAT_NUMBER', /^[A-Z]{2}\s*0+$/i],
  ['PUBLICATION_DIRECTOR', /^Claire Exemple$/i],
  ['HOST_NAME', /Exemple/i],
  ['HOST_ADDRESS', /Exemple/i],
  ['HOST_PHONE', /^\+33 1 00 00 00 00$/],
];

/** Whether a publisher setting holds one of the example values (CHE-000.000.000, FR00000000000…). */
export function isPlaceholder(key: string, value: string): boolean {
  return PLACEHOLDERS.some(([k, pattern]) => k === key && pattern.test(value.trim()));
}

const SECRETS: Array<[key: string, role: string]> = [
  ['AUTH_SECRET', 'signe les sessions, les jetons anti-CSRF et les liens des courriels'],
  ['CAPTCHA_SECRET', 'signe les défis anti-robot, vérifiables par chaque processus'],
  ['OPPOSITION_LINK_SECRET', 'signe les liens de confirmation des oppositions'],
];

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\])$/i;
const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

export type Problem = { key: string; message: string };

/** Every missing or unsafe production setting, one per key, in a stable order. */
export function productionProblems(source: Record<string, string | undefined>): Problem[] {
  const get = (key: string) => {
    const v = source[key]?.trim();
    return v ? v : undefined;
  };
  const problems: Problem[] = [];
  const add = (key: string, message: string) => problems.push({ key, message });

  const site = get('SITE_URL');
  if (!site) {
    add('SITE_URL', 'obligatoire en production : l’adresse publique du site, en https://');
  } else {
    let url: URL | null = null;
    try {
      url = new URL(site);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:')
      add('SITE_URL', 'doit commencer par https:// en production (cookies Secure, liens sûrs)');
    else if (LOCAL_HOSTS.test(url.hostname))
      add('SITE_URL', `ne peut pas désigner la machine locale en production (${url.host})`);
  }

  const database = get('DATABASE_URL');
  if (!database)
    add(
      'DATABASE_URL',
      'obligatoire en production : la base embarquée (PGlite) n’est pas faite pour un site public',
    );

  const stripe = get('STRIPE_SECRET_KEY');
  if (!stripe)
    add(
      'STRIPE_SECRET_KEY',
      'obligatoire en production : sans elle, le fournisseur de paiement de test accepterait des cartes de test',
    );
  else if (/^sk_test_/.test(stripe) && get('STRIPE_ALLOW_TEST_KEY') !== 'on')
    add(
      'STRIPE_SECRET_KEY',
      'clé de test (sk_test_…) refusée en production, sauf avec STRIPE_ALLOW_TEST_KEY=on',
    );
  const webhook = get('STRIPE_WEBHOOK_SECRET');
  if (!webhook || !webhook.startsWith('whsec_'))
    add(
      'STRIPE_WEBHOOK_SECRET',
      'obligatoire en production : le secret de signature des webhooks de Stripe (whsec_…)',
    );

  if (!get('SMTP_URL'))
    add(
      'SMTP_URL',
      'obligatoire en production : sans serveur SMTP, les courriels seraient écrits dans des fichiers et leurs liens dans les journaux',
    );

  for (const [key, role] of SECRETS) {
    if (!get(key)) add(key, `obligatoire en production (32 caractères au moins) : ${role}`);
  }
  if (!get('IDENTITY_DOCUMENT_KEY'))
    add(
      'IDENTITY_DOCUMENT_KEY',
      'obligatoire en production (32 octets en base64 ou en hexadécimal) : chiffrement des pièces d’identité des demandes d’opposition',
    );

  const store = get('RATE_LIMIT_STORE') ?? (database ? 'postgres' : 'memory');
  if (store === 'memory')
    add(
      'RATE_LIMIT_STORE',
      'doit être redis ou postgres en production : des compteurs en mémoire ne sont pas partagés entre processus',
    );
  else if (store === 'redis' && !get('REDIS_URL'))
    add('RATE_LIMIT_STORE', 'redis demande REDIS_URL');

  if (get('API_ANONYMOUS_RATE')?.trim() === '0')
    add(
      'API_ANONYMOUS_RATE',
      'ne peut valoir 0 en production : l’API publique serait ouverte sans aucune limite',
    );
  const metricsHost = get('METRICS_HOST') ?? '127.0.0.1';
  if (get('METRICS_PORT') && !get('METRICS_TOKEN') && !LOOPBACK.test(metricsHost))
    add(
      'METRICS_TOKEN',
      `obligatoire en production quand les métriques écoutent au-delà de la machine locale (METRICS_HOST=${metricsHost}) : elles révèlent l’activité du site`,
    );
  const readUrl = get('DATABASE_READ_URL');
  if (readUrl && !database)
    add('DATABASE_READ_URL', 'demande DATABASE_URL : la réplique lit la base principale');
  else if (readUrl && readUrl === database)
    add(
      'DATABASE_READ_URL',
      'désigne la base principale elle-même : indiquez la réplique ou laissez vide',
    );

  for (const key of PUBLISHER_KEYS) {
    const value = get(key);
    if (!value) add(key, 'obligatoire en production (mentions légales, factures)');
    else if (PLACEHOLDERS.some(([k, p]) => k === key && p.test(value)))
      add(key, `valeur d’exemple refusée en production (« ${value} »)`);
  }
  return problems;
}

/**
 * Why several server processes (`npm run start:cluster -- --workers n`) cannot serve with these
 * settings, as a French sentence, or null: each would keep its own state.
 */
export function clusterRefusal(
  env: { DATABASE_URL?: string; RATE_LIMIT_STORE?: string },
  n: number,
): string | null {
  if (!Number.isInteger(n) || n < 1 || n > 64)
    return '--workers attend un nombre de processus entre 1 et 64.';
  if (!env.DATABASE_URL)
    return 'plusieurs processus demandent PostgreSQL (DATABASE_URL) : la base embarquée PGlite ne sert qu’une connexion à la fois.';
  if (env.RATE_LIMIT_STORE === 'memory')
    return 'RATE_LIMIT_STORE=memory ne convient pas à plusieurs processus : chacun compterait à part. Choisissez redis ou postgres.';
  return null;
}
