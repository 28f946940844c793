/**
 * First-load JavaScript of the home page, as a browser receives it.
 *
 *   npx tsx bench/first-load-js.ts                 starts the production build (the same supervisor
 *                                                  as `npm start`, on a throw-away embedded database)
 *   npx tsx bench/first-load-js.ts --url http://…  measures a site that is already running
 *   npx tsx bench/first-load-js.ts --baseline      builds and measures an empty Next.js site (one
 *                                                  layout, one static page, no client component)
 *                                                  with the installed Next.js and this project's
 *                                                  next.config.ts: the floor no page of ours can
 *                                                  go below
 *
 * It reads the home page HTML, takes every <script src> under /_next/static, downloads each file
 * and prints its raw size and its gzip size (zlib level 6, what most servers and CDNs send), then
 * the sum. The inline RSC payload is printed apart: it is HTML data, not a JS file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, waitForServer } from '../scripts/site-process';

const args = process.argv.slice(2);
const urlArg = args.includes('--url') ? args[args.indexOf('--url') + 1] : process.env.BENCH_URL;
const pagePath = args.includes('--path') ? (args[args.indexOf('--path') + 1] ?? '/') : '/';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function measure(base: string): Promise<void> {
  const res = await fetch(new URL(pagePath, base));
  const html = await res.text();
  // Every <script src> under /_next/static. `noModule` scripts (Next's legacy polyfills) are never
  // downloaded by a browser that supports modules, so they are listed apart and not summed.
  const tags = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '');
  const srcOf = (attrs: string) => /\ssrc="([^"]+)"/.exec(attrs)?.[1] ?? '';
  const isStatic = (attrs: string) => srcOf(attrs).includes('/_next/static/');
  const noModule = [
    ...new Set(tags.filter((a) => isStatic(a) && /\snomodule\b/i.test(a)).map(srcOf)),
  ];
  const unique = [
    ...new Set(tags.filter((a) => isStatic(a) && !/\snomodule\b/i.test(a)).map(srcOf)),
  ];
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .join('');

  const rows: Array<{ file: string; raw: number; gzip: number }> = [];
  for (const src of unique) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    rows.push({
      file: src.replace(/^.*\/_next\/static\//, ''),
      raw: body.length,
      gzip: gzipSync(body, { level: 6 }).length,
    });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(...rows.map((r) => r.file.length), 10);
  console.log(
    `Page ${pagePath} (HTTP ${res.status}), ${rows.length} fichiers JS sous /_next/static`,
  );
  console.log(`${'fichier'.padEnd(width)}  ${'brut'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const r of rows)
    console.log(`${r.file.padEnd(width)}  ${kb(r.raw).padStart(10)}  ${kb(r.gzip).padStart(10)}`);
  const raw = rows.reduce((s, r) => s + r.raw, 0);
  const gz = rows.reduce((s, r) => s + r.gzip, 0);
  console.log(`${'TOTAL'.padEnd(width)}  ${kb(raw).padStart(10)}  ${kb(gz).padStart(10)}`);
  console.log(
    `Scripts en ligne (charge RSC, hors fichiers JS) : ${kb(Buffer.byteLength(inline))} brut, ${kb(gzipSync(inline).length)} gzip`,
  );
  for (const src of noModule) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const name = src.replace(/^.*\/_next\/static\//, '');
    console.log(
      `Hors total, nomodule (jamais chargé par un navigateur récent) : ${name}, ${kb(gzipSync(body, { level: 6 }).length)} gzip`,
    );
  }
  console.log(
    `HTML complet : ${kb(Buffer.byteLength(html))} brut, ${kb(gzipSync(html).length)} gzip`,
  );
  console.log(
    `Machine : ${os.cpus().length} cœurs, ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}`,
  );
}

/** Serves a built site with `next start` until `measure` has run. */
async function serveAndMeasure(command: string[], env: NodeJS.ProcessEnv, port: number) {
  const server: ChildProcess = spawn(process.execPath, command, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout?.on('data', (d) => (log += d));
  server.stderr?.on('data', (d) => (log += d));
  let exited = false;
  server.on('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${base}/`, 15 * 60_000, () => exited);
    await measure(base);
  } catch (e) {
    console.error((e as Error).message, '\n', log.slice(-4000));
    process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The floor: an empty App Router site built with the Next.js this project installs and its
 * configuration (next.config.ts: strict mode, optimized package imports, redirects…), inside the
 * project so it resolves the same node_modules, then removed.
 */
async function baseline(): Promise<void> {
  const root = process.cwd();
  const dir = path.join(root, '.bench-empty-next');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  writeFileSync(
    path.join(dir, 'app', 'layout.tsx'),
    'export default function Layout({ children }: { children: React.ReactNode }) {\n' +
      '  return (<html lang="fr"><body>{children}</body></html>);\n}\n',
  );
  writeFileSync(
    path.join(dir, 'app', 'page.tsx'),
    'export default function Page() { return <p>Bonjour</p>; }\n',
  );
  // The project's next.config.ts is loaded through tsx: Next compiles a next.config.ts alone, and
  // its imports of TypeScript files outside the floor's folder would not resolve.
  writeFileSync(
    path.join(dir, 'next.config.mjs'),
    "import { tsImport } from 'tsx/esm/api';\n" +
      'export default async function floor(phase) {\n' +
      `  const { default: config } = await tsImport(${JSON.stringify(path.join(root, 'next.config.ts'))}, import.meta.url);\n` +
      `  return { ...(await config(phase)), turbopack: { root: ${JSON.stringify(root)} } };\n` +
      '}\n',
  );
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    // The project's config compiles content/ with Velite first: not needed by an empty site.
    VELITE_STARTED: '1',
  };
  try {
    const built = await new Promise<number>((resolve) =>
      spawn(process.execPath, [nextBin, 'build', dir], { env, stdio: 'inherit' }).on(
        'exit',
        (code) => resolve(code ?? 1),
      ),
    );
    if (built !== 0) throw new Error(`next build (site vide) : code ${built}`);
    const port = await freePort();
    console.log('Site Next.js vide (plancher de toute page) :');
    await serveAndMeasure(
      [nextBin, 'start', dir, '-p', String(port), '-H', '127.0.0.1'],
      env,
      port,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (urlArg) return measure(urlArg);
  if (args.includes('--baseline')) return baseline();
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_ENV: 'test',
    HOST: '127.0.0.1',
    // The address the bench calls: outside production another loopback name is redirected
    // (308) to SITE_URL's.
    SITE_URL: `http://127.0.0.1:${port}`,
    PGLITE_DIR: dir,
    DATABASE_URL: '',
  };
  try {
    await serveAndMeasure(['--import', 'tsx', 'scripts/start.ts'], env, port);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
