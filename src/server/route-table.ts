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
