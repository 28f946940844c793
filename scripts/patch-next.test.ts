import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { incrementalCacheFiles, patchIncrementalCache } from './patch-next';

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
});
