import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../src/config/env';
import { PUBLISHER_KEYS } from '../src/config/production';
import { providersConfiguredIn } from '../src/documents/providers/configured';

/**
 * Settings that `next build` prints into the pages it prerenders (the root layout's canonical
 * base, organisation JSON-LD and contact domain, the tag manager, error reporting, the legal
 * notice): a static page keeps the value of the build. The build records them
 * (`.next/build-settings.json`, written by scripts/start.ts after its build); a server whose
 * settings differ would serve pages with stale links, so in production `npm start` rebuilds and
 * scripts/serve.ts refuses to start. Everything else (mails, PDFs, invoices, dynamic pages,
 * security.txt) reads the settings at run time.
 */
const BAKED_KEYS = [
  'SITE_URL',
  'APP_ENV',
  'GTM_ID',
  'SENTRY_DSN',
  'SENTRY_RELEASE',
  'SUPPORT_EMAIL',
  'REVIEW_SCORE',
  'REVIEW_URL',
  ...PUBLISHER_KEYS,
] as const satisfies ReadonlyArray<keyof Env>;

/**
 * Not a setting but what the settings make sold (src/documents/providers/configured.ts): the
 * prices page, the service pages and the footer print it, so a change of connected issuers
 * rebuilds. Only the issuers' names are recorded, never their credentials.
 */
const DOCUMENT_PROVIDERS = 'DOCUMENT_PROVIDERS';

const SETTINGS_FILE = 'build-settings.json';

function bakedOf(env: Env): Record<string, string | null> {
  return {
    ...Object.fromEntries(BAKED_KEYS.map((k) => [k, env[k] ?? null])),
    [DOCUMENT_PROVIDERS]: providersConfiguredIn(env).join(','),
  };
}

export async function recordBuildSettings(env: Env, root = process.cwd()): Promise<void> {
  await writeFile(
    path.join(root, '.next', SETTINGS_FILE),
    JSON.stringify(bakedOf(env), null, 2) + '\n',
  );
}

/**
 * The baked settings whose value at run time differs from the build's; every key when the build
 * recorded none (built by `next build` alone).
 */
export function staleBuildSettings(env: Env, root = process.cwd()): string[] {
  let built: Record<string, unknown>;
  try {
    built = JSON.parse(readFileSync(path.join(root, '.next', SETTINGS_FILE), 'utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return [...BAKED_KEYS, DOCUMENT_PROVIDERS];
  }
  const now = bakedOf(env);
  return [...BAKED_KEYS, DOCUMENT_PROVIDERS].filter((k) => built[k] !== now[k]);
}

/** Newest modification time under the given paths (files and folders, recursively). */
async function newestMtime(paths: string[]): Promise<number> {
  let newest = 0;
  const visit = async (p: string): Promise<void> => {
    let s;
    try {
      s = await stat(p);
    } catch {
      return;
    }
    newest = Math.max(newest, s.mtimeMs);
    if (s.isDirectory()) {
      for (const entry of await readdir(p)) await visit(path.join(p, entry));
    }
  };
  for (const p of paths) await visit(p);
  return newest;
}

/** Inputs whose change makes the production build stale. */
export const buildInputs = [
  'src',
  'public',
  'content',
  'next.config.ts',
  'velite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'scripts/serve.ts',
  'scripts/build-server.ts',
];

/** True when .next holds a production build newer than every source it was built from. */
export async function buildIsCurrent(root = process.cwd()): Promise<boolean> {
  let built: number;
  try {
    built = (await stat(path.join(root, '.next', 'BUILD_ID'))).mtimeMs;
    // The compiled server (scripts/build-server.ts) is part of the build.
    await stat(path.join(root, '.next', 'registre', 'serve.mjs'));
  } catch {
    return false;
  }
  const sources = await newestMtime(buildInputs.map((p) => path.join(root, p)));
  return built >= sources;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `fn` while holding `.build.lock`: two `next build` in one `.next` folder (two e2e runs,
 * or `npm start` during a test run) corrupt each other. Waits for a live holder; takes over a
 * lock whose process is gone.
 */
export async function withBuildLock<T>(fn: () => Promise<T>, root = process.cwd()): Promise<T> {
  const lockFile = path.join(root, '.build.lock');
  for (;;) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (!Number.isInteger(holder) || holder <= 0 || !pidAlive(holder)) {
        await rm(lockFile, { force: true });
        continue;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockFile, { force: true });
  }
}
