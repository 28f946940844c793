import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  incrementalCacheFiles,
  NEXT_VERSION,
  patchIncrementalCache,
  patchNext,
} from './patch-next';

/** The shape of Next's minified IncrementalCache.set, made callable. */
const minified = `return async function set(e,t,r){let i=JSON.stringify(t).length;if(r.fetchCache&&i>2097152){return "trop gros "+i}return "stocké"}`;
const callable = (source: string) => new Function(source)() as (...a: unknown[]) => Promise<string>;

describe('patch-next', () => {
  it('measures fetch-cache entries only, with the same answers', async () => {
    const { source, state } = patchIncrementalCache(minified);
    expect(state).toBe('patched');
    const [before, after] = [callable(minified), callable(source)];
    let measured = 0;
    const page = { rscData: { toJSON: () => (measured++, [1, 2, 3]) } };
    const big = { body: 'x'.repeat(2_100_000) };
    for (const [value, ctx] of [
      [page, {}],
      [big, { fetchCache: true }],
      [{ body: 'petit' }, { fetchCache: true }],
    ] as const)
      expect(await after('k', value, ctx)).toBe(await before('k', value, ctx));
    // The page entry was serialised by the old code only.
    measured = 0;
    await after('k', page, {});
    expect(measured).toBe(0);
    expect(patchIncrementalCache(source).state).toBe('already');
  });

  it('corrects the readable form', () => {
    const readable =
      'const itemSize = JSON.stringify(data).length;\nif (ctx.fetchCache && itemSize > 2 * 1024 * 1024) {}';
    const { source, state } = patchIncrementalCache(readable);
    expect(state).toBe('patched');
    expect(source).toContain('const itemSize = ctx.fetchCache ? JSON.stringify(data).length : 0;');
  });

  it('is applied to the installed Next.js (postinstall); an upgrade that moves the code fails here', () => {
    const files = incrementalCacheFiles(path.resolve('node_modules/next'));
    const turbo = files.find((f) => f.endsWith('app-page-turbo.runtime.prod.js'))!;
    expect(patchIncrementalCache(readFileSync(turbo, 'utf8')).state).toBe('already');
    const states = files.map((f) => patchIncrementalCache(readFileSync(f, 'utf8')).state);
    expect(states).not.toContain('patched');
  });

  it('is written for the exact Next.js version package.json pins', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies.next).toBe(NEXT_VERSION);
  });

  it('fails loudly when a file no longer holds the code it corrects, or for another version', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patch-next-'));
    try {
      const runtimes = path.join(dir, 'dist/compiled/next-server');
      cpSync(path.resolve('node_modules/next/package.json'), path.join(dir, 'package.json'));
      for (const sub of [
        'dist/server/lib/incremental-cache',
        'dist/esm/server/lib/incremental-cache',
      ])
        cpSync(
          path.resolve('node_modules/next', sub, 'index.js'),
          path.join(dir, sub, 'index.js'),
          {
            recursive: true,
          },
        );
      cpSync(path.resolve('node_modules/next/dist/compiled/next-server'), runtimes, {
        recursive: true,
        filter: (f) => !f.includes('.') || f.endsWith('.runtime.prod.js'),
      });
      expect(patchNext(dir).corrected).toBe(incrementalCacheFiles(dir).length);
      writeFileSync(path.join(dir, 'dist/server/lib/incremental-cache/index.js'), 'moved();');
      const { corrected, files } = patchNext(dir);
      expect(corrected).toBe(files - 1);
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '16.9.0' }));
      expect(() => patchNext(dir)).toThrow(/16\.9\.0/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits with a non-zero code (so npm install fails) when it cannot correct Next.js', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patch-next-run-'));
    try {
      cpSync('scripts/patch-next.ts', path.join(dir, 'scripts/patch-next.ts'));
      cpSync('node_modules/next/package.json', path.join(dir, 'node_modules/next/package.json'));
      writeFileSync(
        path.join(dir, 'node_modules/next/package.json'),
        JSON.stringify({ version: '16.9.0' }),
      );
      const run = spawnSync(
        process.execPath,
        [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/patch-next.ts'],
        { cwd: dir, encoding: 'utf8' },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/correction non appliquée.*16\.9\.0/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
