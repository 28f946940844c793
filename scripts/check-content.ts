/**
 * Checks the editorial content under content/ without building the site: front matter of every
 * Markdown file against the agreed schema (required fields, category known and equal to its
 * folder, description length, dates, sources, sample SIRENs), body rules (no level-1 heading,
 * word counts per collection) and every internal link to content or to a known route.
 *
 * Usage: npx tsx scripts/check-content.ts [--warnings]
 * Exit code 1 when an error is found; word-count and figuresYear hints are warnings only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ARTICLE_SERVICE_PATHS, COMPANY_TYPES } from '../src/content/service-paths';

const root = path.join(process.cwd(), 'content');

const servicePaths: readonly string[] = ARTICLE_SERVICE_PATHS;
const companyTypes: readonly string[] = COMPANY_TYPES;
const staticRoutes = [
  'faq',
  'contact',
  'services',
  'nos-tarifs',
  'hub-data',
  'conditions-generales',
  'politiques-de-confidentialite',
  'mentions-legales',
  'a-propos',
  'mon-compte',
  'recherches-avancees',
  'documents',
];
const sampleSirens = ['552032534', '356000000', '217500016'];
const categorised = ['lexique', 'faq', 'dossiers', 'actualites'];
const wordLimits: Record<string, [number, number]> = {
  lexique: [120, 300],
  'dictionnaire-greffe': [60, 300],
  faq: [60, 400],
  dossiers: [900, 1800],
  actualites: [500, 1000],
  articles: [400, 800],
};
const allowedKeys = new Set([
  'title',
  'description',
  'category',
  'date',
  'updated',
  'author',
  'tags',
  'sources',
  'sirens',
  'aliases',
  'figuresYear',
]);
const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

type Category = { slug: string; title: string; description: string };
type Categories = Record<string, Category[]>;

function listMarkdown(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listMarkdown(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

function asDate(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

function countWords(body: string): number {
  return body
    .replace(/\]\([^)]*\)/g, ']')
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word)).length;
}

const categories = parse(readFileSync(path.join(root, 'categories.yml'), 'utf8')) as Categories;
const hasCategory = (collection: string, value: unknown) =>
  (categories[collection] ?? []).some((c) => c.slug === value);

const files = listMarkdown(root);
const existing = new Set(files.map((f) => path.relative(root, f).replace(/\.md$/, '')));
const errors: string[] = [];
const warnings: string[] = [];
const counts: Record<string, number> = {};

function linkIsValid(href: string): boolean {
  const parts = href.replace(/\/$/, '').split('/').slice(1);
  const [first = '', second = '', third = ''] = parts;
  switch (first) {
    case 'notre-lexique':
      return (
        parts.length === 1 ||
        (parts.length === 2 && hasCategory('lexique', second)) ||
        existing.has(`lexique/${second}/${third}`)
      );
    case 'dictionnaire-greffe':
      return parts.length === 1 || existing.has(`dictionnaire-greffe/${second}`);
    case 'nos-dossiers':
      return (
        parts.length === 1 ||
        (parts.length === 2 && hasCategory('dossiers', second)) ||
        existing.has(`dossiers/${second}/${third}`)
      );
    case 'actualites':
      return (
        parts.length === 1 ||
        (parts.length === 2 && hasCategory('actualites', second)) ||
        existing.has(`actualites/${second}/${third}`)
      );
    case 'creation-entreprise':
      return parts.length === 1 || companyTypes.includes(second);
    case 'entreprises':
      return sampleSirens.includes(second);
    default:
      if (servicePaths.includes(first)) {
        return (
          parts.length === 1 || (second === 'article' && existing.has(`articles/${first}/${third}`))
        );
      }
      return parts.length === 1 && staticRoutes.includes(first);
  }
}

for (const file of files) {
  const rel = path.relative(root, file);
  const parts = rel.replace(/\.md$/, '').split('/');
  const collection = parts[0] ?? '';
  const folder = parts[1] ?? '';
  counts[collection] = (counts[collection] ?? 0) + 1;
  const fail = (message: string) => errors.push(`${rel}: ${message}`);

  const match = readFileSync(file, 'utf8').match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  if (!match) {
    fail('no front matter');
    continue;
  }
  let data: Record<string, unknown>;
  try {
    data = parse(match[1] ?? '') as Record<string, unknown>;
  } catch (error) {
    fail(`invalid YAML: ${(error as Error).message}`);
    continue;
  }
  const body = match[2] ?? '';

  for (const part of parts) if (!slug.test(part)) fail(`bad slug "${part}"`);
  for (const key of Object.keys(data)) if (!allowedKeys.has(key)) fail(`unknown key "${key}"`);

  const { title, description, category, date, updated, author, tags, sources, sirens } = data;
  if (typeof title !== 'string' || title.length === 0 || title.length > 110) fail('title');
  if (typeof description !== 'string' || description.length < 50 || description.length > 200) {
    fail(`description length ${typeof description === 'string' ? description.length : 0}`);
  }
  if (categorised.includes(collection)) {
    if (!hasCategory(collection, category))
      fail(`category "${String(category)}" not in categories.yml`);
    if (collection === 'faq' ? parts.length !== 2 : folder !== category) {
      fail('category does not match the folder');
    }
  } else if (category !== undefined) {
    fail('category must be absent');
  }
  if (collection === 'articles' && !servicePaths.includes(folder)) fail('unknown service path');

  const day = asDate(date);
  if (!isoDate.test(day) || day < '2025-01-01' || day > '2026-11-25') fail(`date ${day}`);
  if (updated !== undefined) {
    const later = asDate(updated);
    if (!isoDate.test(later) || later < day || later > '2026-11-25') fail(`updated ${later}`);
  }
  if (author !== 'Rédaction Registre') fail('author');
  if (tags !== undefined && !(Array.isArray(tags) && tags.every((t) => slug.test(String(t))))) {
    fail('tags must be lowercase slugs');
  }
  if (
    !Array.isArray(sources) ||
    sources.length === 0 ||
    !sources.every((s) => typeof (s as { title?: unknown }).title === 'string')
  ) {
    fail('sources');
  }
  if (
    sirens !== undefined &&
    !(Array.isArray(sirens) && sirens.every((s) => sampleSirens.includes(String(s))))
  ) {
    fail('sirens outside the sample');
  }
  if (data.figuresYear !== undefined && !Number.isInteger(data.figuresYear)) fail('figuresYear');

  if (/^# /m.test(body)) fail('level-1 heading in body');
  if (collection === 'dossiers' && !/^## /m.test(body)) fail('guide without ## sections');
  for (const [, href = ''] of body.matchAll(/\]\((\/[^)\s#]*)(?:#[^)]*)?\)/g)) {
    if (!linkIsValid(href)) fail(`broken internal link ${href}`);
  }

  const [low, high] = wordLimits[collection] ?? [0, Number.POSITIVE_INFINITY];
  const words = countWords(body);
  if (words < low || words > high)
    warnings.push(`${rel}: ${words} words (expected ${low}–${high})`);
  if (/\d[\d\s]*\s?(€|%)/.test(body) && data.figuresYear === undefined) {
    warnings.push(
      `${rel}: amounts or rates without figuresYear (check whether they change yearly)`,
    );
  }
}

console.log(JSON.stringify(counts));
if (process.argv.includes('--warnings')) for (const w of warnings) console.log(`warning: ${w}`);
else console.log(`${warnings.length} warnings (--warnings to list them)`);
for (const e of errors) console.error(`error: ${e}`);
console.log(`${errors.length} errors`);
process.exitCode = errors.length > 0 ? 1 : 0;
