/**
 * Every file or folder the docs name exists: a path in backquotes in README.md, docs/*.md or a
 * README beside the code (`src/…`, `scripts/…`, `e2e/…`…) is checked against the tree, so a move
 * or a deletion that forgets the docs fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = [
  'src/',
  'scripts/',
  'e2e/',
  'bench/',
  'docs/',
  'drizzle/',
  'data/',
  'content/',
  '.ci/',
];

function docs(): string[] {
  const found = ['README.md', ...readdirSync('docs').map((f) => path.join('docs', f))];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'README.md') found.push(p);
    }
  };
  walk('src');
  return found.filter((f) => f.endsWith('.md'));
}

/** Backquoted paths under the project's own folders; globs, placeholders and URLs left out. */
export function namedPaths(markdown: string): string[] {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/`([^`\s]+)`/g)) {
    let p = m[1]!.replace(/[:.,;)]+$/, '');
    p = p.replace(/:\d+(-\d+)?$/, ''); // file:line
    if (!ROOTS.some((r) => p.startsWith(r))) continue;
    if (/[*{}<>[\]…$]|\.\.\./.test(p.replace(/\[[^\]/]+\]/g, ''))) continue;
    out.add(p);
  }
  return [...out];
}

describe('paths named in the docs', () => {
  it('finds several paths (the extraction works)', () => {
    expect(
      namedPaths('voir `src/lib/http/client.ts` et `scripts/x.ts:12`, pas `src/**/*.ts`'),
    ).toEqual(['src/lib/http/client.ts', 'scripts/x.ts']);
  });

  for (const doc of docs()) {
    it(`every path ${doc} names exists`, () => {
      const missing = namedPaths(readFileSync(doc, 'utf8')).filter((p) => !existsSync(p));
      expect(missing).toEqual([]);
    });
  }
});
