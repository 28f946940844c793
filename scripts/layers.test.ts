/**
 * The layer order of `src/` folders, declared in docs/ARCHITECTURE.md (« Layers »), held by the
 * imports of src/**\/*.ts(x): no circle between folders nor between files (static, type-only and
 * dynamic `import()` alike: a circle hidden behind `await import()` is still one), no import
 * running back up against the declared order, and no site code importing test support.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The most imports running back up the layers that we accept (issue 37: none). */
const MAX_BACK_ARROWS = 0;

/** Tests and their helpers may import anything; the site never imports them. */
const isTestSupport = (file: string) =>
  /\.test\.tsx?$|\.fixture(\.tsx?)?$|(^|\/)testing(\.tsx?)?($|\/)/.test(file);

/** The declared order, top first: the fenced block under « ## Layers » of docs/ARCHITECTURE.md. */
function declaredLayers(markdown: string): string[] {
  const section = markdown.split(/^## Layers$/m)[1];
  const block = section?.match(/```text\n([^`]+)```/)?.[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md: no ```text block under « ## Layers »');
  return block
    .split(/[>\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

type Arrow = { from: string; to: string; files: string[] };

/** The site's source files of src/, relative to it. */
function siteFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !isTestSupport(f));
}

const SPECIFIERS =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** The paths (relative to src/, without extension) a file's import and export lines name. */
function importedPaths(file: string, source: string): { spec: string; target: string }[] {
  const found: { spec: string; target: string }[] = [];
  for (const m of source.matchAll(SPECIFIERS)) {
    const spec = m[1] ?? m[2] ?? m[3]!;
    const target = spec.startsWith('@/')
      ? spec.slice(2)
      : spec.startsWith('.')
        ? path.posix.join(path.posix.dirname(file), spec)
        : null;
    if (target !== null && !target.startsWith('..')) found.push({ spec, target });
  }
  return found;
}

/** The imports between files of src/: each file and the files of src/ it imports. */
function fileImports(root = 'src'): Arrow[] {
  const files = siteFiles(root);
  const known = new Set(files);
  const resolve = (target: string) =>
    [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find(
      (f) => known.has(f),
    );
  const arrows: Arrow[] = [];
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const { target } of importedPaths(file, source)) {
      const to = resolve(target);
      if (to !== undefined && to !== file) arrows.push({ from: file, to, files: [file] });
    }
  }
  return arrows;
}

/** The imports between folders of src/, from each file's import and export lines. */
function folderImports(root = 'src'): Arrow[] {
  const files = siteFiles(root);
  // The folder of `src/` a path belongs to; files at the root of src are Next.js entry points.
  const folders = new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name),
  );
  const folderOf = (file: string) => {
    const first = file.split('/')[0]!;
    return folders.has(first) ? first : 'app';
  };
  const arrows = new Map<string, Arrow>();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const { spec, target } of importedPaths(file, source)) {
      if (isTestSupport(target)) throw new Error(`${file} imports test support (${spec})`);
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      const key = `${from} ${to}`;
      const arrow = arrows.get(key) ?? { from, to, files: [] };
      arrow.files.push(file);
      arrows.set(key, arrow);
    }
  }
  return [...arrows.values()];
}

/** The circles of a graph: its strongly connected components of two nodes or more. */
function circles(arrows: Arrow[]): string[][] {
  const next = new Map<string, string[]>();
  for (const a of arrows) next.set(a.from, [...(next.get(a.from) ?? []), a.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do component.push((w = stack.pop()!));
      while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the layers of src/', () => {
  const layers = declaredLayers(readFileSync('docs/ARCHITECTURE.md', 'utf8'));
  const arrows = folderImports();
  const rank = (folder: string) => layers.indexOf(folder);

  it('declares every folder of src/ holding site code, once', () => {
    const folders = [...new Set(arrows.flatMap((a) => [a.from, a.to]))].sort();
    expect(folders.filter((f) => rank(f) < 0)).toEqual([]);
    expect(new Set(layers).size).toBe(layers.length);
  });

  it('has no circle between folders', () => {
    expect(circles(arrows)).toEqual([]);
  });

  it('has no circle between files', () => {
    const files = fileImports();
    expect(files.length).toBeGreaterThan(1000);
    expect(circles(files)).toEqual([]);
  });

  it(`has at most ${MAX_BACK_ARROWS} imports running back up the declared order`, () => {
    const back = arrows
      .filter((a) => rank(a.to) < rank(a.from))
      .map((a) => `${a.from} → ${a.to} (${a.files.join(', ')})`);
    console.log(
      `layers: ${arrows.length} arrows between ${layers.length} folders, ${back.length} back up${back.length ? `:\n  ${back.join('\n  ')}` : ''}`,
    );
    expect(back.length, back.join('\n')).toBeLessThanOrEqual(MAX_BACK_ARROWS);
  });

  it('finds a circle and a back arrow when there is one', () => {
    const arrow = (from: string, to: string) => ({ from, to, files: [`${from}/x.ts`] });
    expect(circles([arrow('a', 'b'), arrow('b', 'c'), arrow('c', 'a'), arrow('c', 'd')])).toEqual([
      ['a', 'b', 'c'],
    ]);
    expect(circles([arrow('a', 'b'), arrow('b', 'c')])).toEqual([]);
  });
});
