/**
 * Compiles the production web server (scripts/serve.ts) and its registry API worker thread
 * (src/server/registry-worker.ts) to plain JavaScript under `.next/registre/`, so production runs
 * compiled code, not tsx (src/lib/compile-entries.ts). Run after `next build` (by `npm run build`
 * and by `npm start` when the build is stale).
 */
import path from 'node:path';
import { getEnv } from '../src/config/env';
import { compileEntries } from '../src/lib/compile-entries';
import { checkRouteManifest } from '../src/server/route-table';
import { recordBuildSettings } from './build-state';

/** Where the compiled server lives: inside `.next`, so it goes with the build it serves. */
export const SERVER_DIST = path.join('.next', 'registre');

export async function buildServer(root = process.cwd()): Promise<void> {
  await compileEntries(
    root,
    { serve: 'scripts/serve.ts', 'registry-worker': 'src/server/registry-worker.ts' },
    SERVER_DIST,
  );
}

// `npm run build`: after `next build`, the route table checked against Next's manifest, the
// server, and the settings the static pages were built with.
if (import.meta.url === `file://${process.argv[1]}`) {
  const t0 = Date.now();
  // The routes Next built are those of our table (src/server/route-table.ts), else no build.
  checkRouteManifest();
  await buildServer();
  await recordBuildSettings(getEnv());
  console.log(`serveur compilé dans ${SERVER_DIST} en ${Date.now() - t0} ms`);
}
