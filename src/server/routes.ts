/**
 * The site's one route table: every route of src/app (each `route.ts` and `page.tsx`), named as
 * Next.js names it (route groups `(x)` removed; `[param]`, `[...param]`, `[[...param]]`). It is
 * checked in, and routes.test.ts walks src/app and fails when a file has no entry or an entry no
 * file. What the web server answers ahead of Next.js (the registry API, src/server/registry-api.ts)
 * matches its paths against entries of this table, with Next's own precedence, so that it can
 * never claim a path Next.js would give to another route.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const ROUTES = [
  '/',
  '/.well-known/security.txt',
  '/[service]',
  '/[service]/[siren]',
  '/[service]/article/[slug]',
  '/[service]/resultats',
  '/a-propos',
  '/actualites',
  '/actualites/[category]',
  '/actualites/[category]/[slug]',
  '/actualites/feed.xml',
  '/actualites/recherche',
  '/actualites/recherche/index.json',
  '/actualites/tag/[tag]',
  '/api/[kind]/[siren]/order',
  '/api/account/forgot-password',
  '/api/account/login',
  '/api/account/register',
  '/api/alerts/unsubscribe',
  '/api/captcha',
  '/api/claims',
  '/api/claims/[id]',
  '/api/claims/[id]/info',
  '/api/claims/[id]/verify',
  '/api/companies/[siren]',
  '/api/companies/[siren]/[...section]',
  '/api/companies/[siren]/network',
  '/api/companies/batch',
  '/api/companies/complementary-informations',
  '/api/companies/enrichment',
  '/api/company/[siren]/follow/[[...listId]]',
  '/api/company/[siren]/owner-info',
  '/api/company/[siren]/unfollow',
  '/api/company/followed',
  '/api/company/unfollow-list',
  '/api/contact',
  '/api/credit-notes/[id]',
  '/api/director-report/[siren]/order/[n]',
  '/api/directors/[id]',
  '/api/directors/[id]/network',
  '/api/directors/[id]/personal',
  '/api/directors/[id]/pole-score',
  '/api/document/[documentId]/order',
  '/api/error-reports',
  '/api/error-reports/[id]',
  '/api/financial-diagnostics/[siren]/stats',
  '/api/followed-lists',
  '/api/followed-lists/[id]',
  '/api/followed-lists/[id]/companies',
  '/api/header-stats',
  '/api/internal/revalidate',
  '/api/invoices',
  '/api/invoices/[id]',
  '/api/letter-templates',
  '/api/me/[[...id]]',
  '/api/me/api-keys',
  '/api/me/api-keys/[id]',
  '/api/me/events',
  '/api/me/export',
  '/api/me/saved-searches',
  '/api/me/saved-searches/[id]',
  '/api/me/sessions',
  '/api/me/sessions/[id]',
  '/api/me/verification-email',
  '/api/onboarding/user-infos',
  '/api/openapi.json',
  '/api/opposition',
  '/api/opposition/confirmation',
  '/api/orders',
  '/api/orders-exports',
  '/api/orders/[id]',
  '/api/orders/[id]/checkout',
  '/api/payments/test/[session]',
  '/api/payments/webhook',
  '/api/recherche-entreprises/[[...path]]',
  '/api/recherche-entreprises/health',
  '/api/recherche-entreprises/idcc/[siren]',
  '/api/recherche-entreprises/idcc/metadata',
  '/api/recherche-entreprises/near_point',
  '/api/recherche-entreprises/search',
  '/api/recherche-entreprises/sources/last_modified',
  '/api/saved-searches/unsubscribe',
  '/api/search/ape-codes',
  '/api/search/companies',
  '/api/search/companies/export',
  '/api/search/directors',
  '/api/search/french-departments',
  '/api/suggestions/companies',
  '/api/subscription',
  '/api/subscription/cancel',
  '/api/subscription/checkout',
  '/carrieres',
  '/commandes/[id]',
  '/comparateur-entreprises',
  '/conditions-generales',
  '/contact',
  '/creation-entreprise',
  '/creation-entreprise/[companyType]',
  '/dictionnaire-greffe',
  '/dictionnaire-greffe/[slug]',
  '/dirigeants',
  '/dirigeants/[slug]/[name]',
  '/dirigeants/article/[slug]',
  '/dirigeants/resultats',
  '/documentation-api',
  '/documentation-api/scalar/[...file]',
  '/documents',
  '/documents-b2b',
  '/documents/[documentId]',
  '/documents/entreprise/[siren]/[kind]',
  '/documents/groupe/[documentId]',
  '/documents/landing/[slug]',
  '/documents/loading/[documentId]',
  '/entreprises/[siren]',
  '/entreprises/[siren]/[companyName]',
  '/entreprises/[siren]/[companyName]/etablissements',
  '/faq',
  '/forgot-password',
  '/hub-data',
  '/hub-data/list/[id]',
  '/index-dirigeants/departement',
  '/index-dirigeants/secteur',
  '/index-entreprises/departement',
  '/index-entreprises/secteur',
  '/logiciel-comptable',
  '/login',
  '/logout',
  '/mentions-legales',
  '/mon-compte',
  '/mon-compte/signalements',
  '/newsroom',
  '/nos-dossiers',
  '/nos-dossiers/[category]',
  '/nos-dossiers/[category]/[slug]',
  '/nos-tarifs',
  '/notre-lexique',
  '/notre-lexique/[category]',
  '/notre-lexique/[category]/[slug]',
  '/notre-lexique/recherche',
  '/notre-lexique/recherche/index.json',
  '/opposition',
  '/opposition/confirmer',
  '/orders/[id]/download',
  '/orders/[id]/download/word',
  '/paiement-securise',
  '/password-reset/[token]',
  '/payment',
  '/politiques-de-confidentialite',
  '/pre-orders/[id]/download',
  '/presse-media-kit',
  '/presse-media-kit/chiffres-cles.csv',
  '/profil-entreprise',
  '/profil-entreprise/[siren]',
  '/profil-entreprise/resultats',
  '/rechercher',
  '/recherches-avancees',
  '/recherches-avancees/resultats',
  '/register',
  '/reset-password',
  '/resultats',
  '/sanctum/csrf-cookie',
  '/securite',
  '/services',
  '/sitemap.xml',
  '/sitemaps/[file]',
  '/successful-payment',
  '/verify-email',
  '/verify-email/confirm',
] as const;

export type RoutePattern = (typeof ROUTES)[number];
export type Params = Record<string, string | string[]>;

const ROUTE_FILES = new Set(['route.ts', 'page.tsx']);

/** The pattern of a route file: `src/app/(account)/api/me/[[...id]]/route.ts` → `/api/me/[[...id]]`. */
export function patternOfFile(file: string): string {
  const segments = file
    .replace(/\\/g, '/')
    .replace(/^.*?src\/app(?=\/|$)/, '')
    .split('/')
    .slice(0, -1)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.join('/')}`;
}

/** The route files (`route.ts`, `page.tsx`) under `appDir`, as paths from the project's root. */
export function routeFiles(appDir = 'src/app'): string[] {
  return readdirSync(appDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ROUTE_FILES.has(path.basename(f)))
    .map((f) => path.join(appDir, f).replace(/\\/g, '/'))
    .sort();
}

/** Route files without an entry of `table` (`missing`), entries without a file (`orphans`). */
export function routeTableProblems(
  files: readonly string[],
  table: readonly string[] = ROUTES,
): { missing: string[]; orphans: string[] } {
  const patterns = new Set(files.map(patternOfFile));
  const entries = new Set(table);
  return {
    missing: [...patterns].filter((p) => !entries.has(p)),
    orphans: table.filter((p) => !patterns.has(p)),
  };
}

/** A segment's rank in Next's precedence: static, then `[x]`, `[...x]`, `[[...x]]`. */
function rank(segment: string): number {
  if (segment.startsWith('[[')) return 3;
  if (segment.startsWith('[...')) return 2;
  return segment.startsWith('[') ? 1 : 0;
}

/**
 * A pattern's segments, split once: `matchRoute` runs on every request (the metrics' route
 * group, the render queue) over the whole table, and splitting each pattern each time was a
 * quarter of a millisecond per request in the cold-page profile (issue 41).
 */
const SEGMENTS = new Map<string, string[]>();
function segmentsOf(pattern: string): string[] {
  let segments = SEGMENTS.get(pattern);
  if (!segments) SEGMENTS.set(pattern, (segments = pattern.split('/').filter(Boolean)));
  return segments;
}

/** Patterns sorted as Next.js tries them: segment by segment, static before dynamic. */
export function byPrecedence(patterns: readonly string[]): string[] {
  return [...patterns].sort((a, b) => {
    const x = segmentsOf(a);
    const y = segmentsOf(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = rank(x[i]!) - rank(y[i]!);
      if (d) return d;
    }
    return x.length - y.length;
  });
}

/**
 * The route a path (without query) goes to among `patterns` (sorted by `byPrecedence`), with its
 * parameters decoded once as Next.js decodes them; null when none matches or the path has an
 * empty segment (a trailing slash, `//`); 'bad' for a malformed percent-encoding (Next.js answers
 * 400 itself).
 */
export function matchRoute(
  pathname: string,
  patterns: readonly string[],
): { pattern: string; params: Params } | null | 'bad' {
  const parts = pathname === '/' ? [] : pathname.split('/').slice(1);
  if (parts.includes('')) return null;
  for (const pattern of patterns) {
    const segments = segmentsOf(pattern);
    const params: Params = {};
    let ok = true;
    let consumed = false;
    try {
      for (let i = 0; i < segments.length && ok; i++) {
        const seg = segments[i]!;
        const catchAll = /^\[\[?\.\.\.(\w+)\]\]?$/.exec(seg);
        if (catchAll) {
          const rest = parts.slice(i).map(decodeURIComponent);
          if (rest.length === 0 && !seg.startsWith('[[')) ok = false;
          else if (rest.length) params[catchAll[1]!] = rest;
          consumed = true;
          break;
        }
        const one = /^\[(\w+)\]$/.exec(seg);
        if (i >= parts.length) ok = false;
        else if (one) params[one[1]!] = decodeURIComponent(parts[i]!);
        else if (seg !== parts[i]) ok = false;
      }
    } catch {
      return 'bad';
    }
    if (ok && (consumed || segments.length === parts.length)) return { pattern, params };
  }
  return null;
}
