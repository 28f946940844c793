/**
 * The README's configuration table lists every setting the code reads: each key of the one reader
 * of `process.env` (src/config/env.ts) has a row under « ## Configuration » of README.md.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/config/env';

/** The setting names of the README's configuration table: the backquoted names of each first cell. */
function readmeSettings(markdown: string): Set<string> {
  const section = markdown.split(/^## Configuration/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error('README.md: no « ## Configuration » section');
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const first = /^\| ([^|]+) \|/.exec(line)?.[1];
    for (const m of first?.matchAll(/`([A-Z][A-Z0-9_]*)`/g) ?? []) names.add(m[1]!);
  }
  return names;
}

describe('the README configuration table', () => {
  it('lists every setting src/config/env.ts reads', () => {
    const listed = readmeSettings(readFileSync('README.md', 'utf8'));
    const read = Object.keys(envSchema.shape);
    expect(read.length).toBeGreaterThan(50);
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('reads the names of the first cells only', () => {
    const table =
      '## Configuration\n\n| `A_B`, `C` | see `D` |\n| `E` | x |\n\n## Next\n| `F` | y |';
    expect([...readmeSettings(table)]).toEqual(['A_B', 'C', 'E']);
  });
});
