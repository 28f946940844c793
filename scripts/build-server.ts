/**
 * Compiles the production web server (scripts/serve.ts) and its registry API worker thread
 * (src/server/registry-worker.ts) to plain JavaScript under `.next/registre/`, so production runs
 * compiled code, not tsx. Run after `next build` (by `npm run build` and by `npm start` when the
 * build is stale). Packages stay external (resolved from node_modules at run time), except those
 * whose entry is a JSON file, which Node would only import with an import attribute; the `@/`
 * path alias is resolved here, from tsconfig.json.
 */
import { build, type Plugin } from 'esbuild';
import path from 'node:path';
import { getEnv } from '../src/config/env';
import { checkRouteManifest } from '../src/server/route-table';
import { recordBuildSettings } from './build-state';

/** Where the compiled server lives: inside `.next`, so it goes with the build it serves. */
export const SERVER_DIST = path.join('.next', 'registre');

/** Bare imports stay imports, unless they resolve to JSON (bundled then, as tsx loads them). */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'inner' || args.path.startsWith('@/') || args.path === 'server-only')
        return undefined;
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'inner',
      });
      if (resolved.errors.length || resolved.path.endsWith('.json')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer(root = process.cwd()): Promise<void> {
  await compileEntries(
    root,
    { serve: 'scripts/serve.ts', 'registry-worker': 'src/server/registry-worker.ts' },
    SERVER_DIST,
  );
}

/**
 * Compiles entry points (name → source file, relative to `root`) to `<outdir>/<name>.mjs`, as the
 * server is compiled: also used by tests that start the import command in child processes, which
 * then load one file instead of tsx compiling and resolving each module.
 */
export async function compileEntries(
  root: string,
  entryPoints: Record<string, string>,
  outdir: string,
): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    plugins: [externalPackages],
    platform: 'node',
    format: 'esm',
    target: 'node24',
    jsx: 'automatic',
    // `server-only` throws unless resolved with React's `react-server` condition; this bundle is
    // the server itself, so the marker resolves to the empty module Next gives servers.
    alias: { 'server-only': './src/lib/server-only-stub.ts' },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
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
