/**
 * Run by `npm install` (postinstall): one correction to the installed Next.js, idempotent.
 *
 * Next's IncrementalCache.set measures every entry it stores with `JSON.stringify(value).length`,
 * though the figure only serves the 2 MB limit of fetch-cache entries. A rendered page's entry
 * holds its RSC payload as a Buffer, which JSON turns into an array of numbers: measured 1.8 ms
 * per company page, about 9 % of a first render (p50 21.9–22.6 ms before, 19.0–20.3 ms after, on
 * 300 first renders of real companies). The correction computes the size for fetch-cache entries
 * only; what is stored, and the limit, are unchanged.
 *
 * It was written for one release of Next.js, pinned exactly in package.json (NEXT_VERSION below).
 * If the installed version differs, or if any of the files does not hold the code it corrects,
 * the script exits with a non-zero code: `npm install` fails, loudly, until the correction is
 * looked at again (scripts/patch-next.test.ts fails too).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The release the correction was written for; package.json pins exactly this version. */
export const NEXT_VERSION = '16.4.6';

/** The minified form, in the compiled server runtimes. */
const MINIFIED = /let (\w+)=JSON\.stringify\((\w+)\)\.length;if\((\w+)\.fetchCache&&\1>2097152/g;
const MINIFIED_DONE =
  /let \w+=\w+\.fetchCache\?JSON\.stringify\(\w+\)\.length:0;if\(\w+\.fetchCache&&/;
/** The readable form, in dist/server/lib/incremental-cache. */
const READABLE = 'const itemSize = JSON.stringify(data).length;';
const READABLE_DONE = 'const itemSize = ctx.fetchCache ? JSON.stringify(data).length : 0;';

export type PatchResult = { source: string; state: 'patched' | 'already' | 'absent' };

/** The source with the size computed for fetch-cache entries only. */
export function patchIncrementalCache(source: string): PatchResult {
  if (source.includes(READABLE_DONE) || MINIFIED_DONE.test(source))
    return { source, state: 'already' };
  let count = 0;
  let out = source.replace(MINIFIED, (_m, size: string, value: string, ctx: string) => {
    count++;
    return `let ${size}=${ctx}.fetchCache?JSON.stringify(${value}).length:0;if(${ctx}.fetchCache&&${size}>2097152`;
  });
  if (out.includes(READABLE)) {
    out = out.split(READABLE).join(READABLE_DONE);
    count++;
  }
  return count ? { source: out, state: 'patched' } : { source, state: 'absent' };
}

/** The installed files that hold IncrementalCache.set in production. */
export function incrementalCacheFiles(nextDir: string): string[] {
  const runtimes = path.join(nextDir, 'dist/compiled/next-server');
  return [
    ...readdirSync(runtimes)
      .filter((f) => f.endsWith('.runtime.prod.js'))
      .map((f) => path.join(runtimes, f)),
    path.join(nextDir, 'dist/server/lib/incremental-cache/index.js'),
    path.join(nextDir, 'dist/esm/server/lib/incremental-cache/index.js'),
  ];
}

/** Patches the installed Next.js; returns how many files hold the corrected code. */
export function patchNext(nextDir = path.resolve('node_modules/next')): {
  corrected: number;
  files: number;
} {
  const { version } = JSON.parse(readFileSync(path.join(nextDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  if (version !== NEXT_VERSION) {
    throw new Error(
      `Next.js ${version} est installé, la correction a été écrite pour ${NEXT_VERSION}`,
    );
  }
  let corrected = 0;
  const files = incrementalCacheFiles(nextDir);
  for (const file of files) {
    const before = readFileSync(file, 'utf8');
    const { source, state } = patchIncrementalCache(before);
    if (state === 'patched') writeFileSync(file, source);
    if (state !== 'absent') corrected++;
  }
  return { corrected, files: files.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/patch-next.ts')) {
  try {
    const { corrected, files } = patchNext();
    if (corrected !== files) {
      throw new Error(
        `code du cache incrémental introuvable dans ${files - corrected} fichier(s) sur ${files}`,
      );
    }
    console.log(
      `Next.js : taille des entrées du cache mesurée pour le seul cache fetch (${corrected} fichiers).`,
    );
  } catch (e) {
    // An install (or a build after it) must not go on with an uncorrected Next.js unnoticed.
    console.error(
      `Next.js : correction non appliquée (${e instanceof Error ? e.message : e}). Voir scripts/patch-next.ts.`,
    );
    process.exitCode = 1;
  }
}
