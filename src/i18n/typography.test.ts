/**
 * One typographic rule for apostrophes: French text uses ’ (U+2019), never the typewriter '
 * (U+0027). Checked over every message of src/i18n and every Markdown text of content/ (and its
 * categories), leaving out what is not French prose: code spans and blocks, link targets, URLs,
 * HTML tags and their attributes, and YAML's own quoting of front-matter values.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as load } from 'yaml';
import { messages } from './index';

const CONTENT = path.join(process.cwd(), 'content');

/** The prose of a Markdown text: code, link targets, URLs and HTML tags removed. */
function prose(markdown: string): string {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ');
}

/** Every string of a value (messages, parsed YAML), with its path. */
function strings(value: unknown, at: string, out: Array<[string, string]> = []) {
  if (typeof value === 'string') out.push([at, value]);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, `${at}.${k}`, out);
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(path.join(dir, e.name))
      : /\.(md|ya?ml)$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}

/** A Markdown file's front matter (parsed: YAML's quotes are not text) and body. */
function texts(file: string): Array<[string, string]> {
  const raw = readFileSync(file, 'utf8');
  const rel = path.relative(process.cwd(), file);
  if (/\.ya?ml$/.test(file)) return strings(load(raw), rel);
  const fm = /^---\n([\s\S]*?)\n---\n?/.exec(raw);
  const body = fm ? raw.slice(fm[0].length) : raw;
  return [
    ...(fm ? strings(load(fm[1]!), `${rel} (front matter)`) : []).map(
      ([at, s]) => [at, prose(s)] as [string, string],
    ),
    [rel, prose(body)],
  ];
}

const offenders = (list: Array<[string, string]>) =>
  list
    .filter(([, s]) => s.includes("'"))
    .map(([at, s]) => {
      const i = s.indexOf("'");
      return `${at}: …${s.slice(Math.max(0, i - 30), i + 30)}…`;
    });

describe('apostrophes', () => {
  it('are typographic (’) in every message of src/i18n', () => {
    expect(offenders(strings(messages, 'messages'))).toEqual([]);
  });

  it('are typographic (’) in the prose of content/', () => {
    const all = files(CONTENT).flatMap(texts);
    expect(all.length).toBeGreaterThan(100);
    expect(offenders(all)).toEqual([]);
  });

  it('leave code, link targets, URLs and attributes alone', () => {
    expect(
      prose("Voir `l'exemple`, [la page](/a?b='c') et <a title='x'>ici</a> : https://x.fr/l'a"),
    ).not.toContain("'");
    expect(prose("l'entreprise")).toContain("'");
  });
});
