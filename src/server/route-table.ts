/**
 * Writes the site's route table, `src/server/routes.generated.ts`, from the files of src/app: one
 * entry per `page.tsx` (a page) and `route.ts` (a route handler), named as Next.js names it (route
 * groups `(x)` removed; `[param]`, `[...param]`, `[[...param]]` kept). Nobody types the table:
 * `next build` and `next dev` write it (next.config.ts, before they compile), and so does
 * `npm run routes`; routes.test.ts fails when the checked-in table differs from src/app.
 *
 * Loaded by next.config.ts through Next's own TypeScript hook, so this file imports Node's
 * modules only (no `@/` alias).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type RouteKind = 'page' | 'handler';

/** The generated module, from the project's root. */
export const ROUTE_TABLE_FILE = 'src/server/routes.generated.ts';

const KIND_OF_FILE: Record<string, RouteKind> = { 'page.tsx': 'page', 'route.ts': 'handler' };

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

/**
 * The route files (`route.ts`, `page.tsx`) under `appDir`, as paths from the project's root.
 * Files under a private folder (`_name/`) are not routes, as for Next.js.
 */
export function routeFiles(appDir = 'src/app'): string[] {
  return readdirSync(appDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) in KIND_OF_FILE)
    .filter((f) => !f.split(/[\\/]/).some((s) => s.startsWith('_')))
    .map((f) => path.join(appDir, f).replace(/\\/g, '/'))
    .sort();
}

/**
 * Each route's pattern and kind, sorted by pattern. Two files for one route (a page and a
 * handler, or the same path in two route groups) is an error, as it is for Next.js.
 */
export function routeTable(files: readonly string[]): Array<[string, RouteKind]> {
  const table = new Map<string, { kind: RouteKind; file: string }>();
  for (const file of files) {
    const pattern = patternOfFile(file);
    const seen = table.get(pattern);
    if (seen) throw new Error(`deux fichiers pour la route ${pattern} : ${seen.file} et ${file}`);
    table.set(pattern, { kind: KIND_OF_FILE[path.basename(file)]!, file });
  }
  return [...table]
    .map(([pattern, { kind }]): [string, RouteKind] => [pattern, kind])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The text of the generated module (formatted as Prettier formats it). */
export function routeTableModule(files: readonly string[]): string {
  const lines = routeTable(files).map(([p, kind]) => `  '${p}': '${kind}',`);
  return [
    '// Generated from the files of src/app by src/server/route-table.ts (`npm run routes`, and',
    '// every `next build` or `next dev`): do not edit. src/server/routes.test.ts fails when stale.',
    'export const ROUTE_KINDS = {',
    ...lines,
    '} as const;',
    '',
  ].join('\n');
}

/** Rewrites the generated module if src/app changed; true when it was rewritten. */
export function writeRouteTable(root = process.cwd()): boolean {
  const target = path.join(root, ROUTE_TABLE_FILE);
  const text = routeTableModule(
    routeFiles(path.join(root, 'src/app')).map((f) => path.relative(root, f)),
  );
  let current: string | null = null;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // not written yet
  }
  if (current === text) return false;
  writeFileSync(target, text);
  return true;
}

/** The routes `next build` found in src/app: app path (`/(registry)/x/page`) → route (`/x`). */
export const NEXT_ROUTES_MANIFEST = '.next/app-path-routes-manifest.json';

/**
 * Next's metadata files (robots.ts → /robots.txt, icon.svg, sitemap.ts…): routes in its manifest
 * that are no `page.tsx` nor `route.ts`, so not in our table.
 */
const METADATA_ROUTE =
  /\/(robots\.txt|sitemap\.xml|manifest\.webmanifest|favicon\.ico|(apple-icon|icon|opengraph-image|twitter-image)[^/]*)$/;

/**
 * What differs between our route table and the routes of Next's build manifest (French lines,
 * empty when they agree): a route one has and the other lacks, or a page on one side that is a
 * handler on the other. Next's own routes (`/_not-found`…) and its metadata routes are left out.
 */
export function manifestDrift(
  manifest: Readonly<Record<string, string>>,
  table: ReadonlyArray<readonly [string, RouteKind]>,
): string[] {
  const ours = new Map(table);
  const next = new Map<string, RouteKind>();
  for (const [appPath, route] of Object.entries(manifest)) {
    const kind: RouteKind | null = appPath.endsWith('/page')
      ? 'page'
      : appPath.endsWith('/route')
        ? 'handler'
        : null;
    if (kind === null || route.startsWith('/_')) continue;
    if (kind === 'handler' && METADATA_ROUTE.test(route) && !ours.has(route)) continue;
    next.set(route, kind);
  }
  const drift: string[] = [];
  for (const [route, kind] of ours) {
    const theirs = next.get(route);
    if (theirs === undefined)
      drift.push(`${route} : dans notre table, absente du manifeste de Next`);
    else if (theirs !== kind) drift.push(`${route} : ${kind} chez nous, ${theirs} pour Next`);
  }
  for (const route of next.keys())
    if (!ours.has(route))
      drift.push(`${route} : dans le manifeste de Next, absente de notre table`);
  return drift.sort();
}

/**
 * After `next build` (npm run build, scripts/start.ts): throws when the route table of src/app
 * differs from the routes Next built, read from its manifest.
 */
export function checkRouteManifest(root = process.cwd()): void {
  const manifest = JSON.parse(
    readFileSync(path.join(root, NEXT_ROUTES_MANIFEST), 'utf8'),
  ) as Record<string, string>;
  const table = routeTable(
    routeFiles(path.join(root, 'src/app')).map((f) => path.relative(root, f)),
  );
  const drift = manifestDrift(manifest, table);
  if (drift.length)
    throw new Error(
      `la table des routes (${ROUTE_TABLE_FILE}) diffère de ${NEXT_ROUTES_MANIFEST} :\n  ${drift.join('\n  ')}`,
    );
}
