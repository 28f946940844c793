/**
 * TypeScript entry points compiled to plain JavaScript with esbuild, one bundled file each: the
 * production web server (scripts/build-server.ts) and the entry points that tests start in child
 * processes (src/testing/compiled-entry.ts), which then load one file instead of tsx compiling and
 * resolving each module. Packages stay external (resolved from node_modules at run time), except
 * those whose entry is a JSON file, which Node would only import with an import attribute; the
 * `@/` path alias is resolved here, from tsconfig.json.
 */
import { build, type Plugin } from 'esbuild';

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

/** Compiles entry points (name → source file, relative to `root`) to `<outdir>/<name>.mjs`. */
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
