/**
 * Sitemaps built ahead and kept incrementally (issue 40): each file of the sitemap index (content,
 * company SIREN ranges, director hash ranges: src/registry/indexes.ts) is stored in
 * `sitemap_files` (migration 0035) as the gzipped list of its paths and last modification dates,
 * with a fingerprint and the time its list last changed. A full build recomputes every file; a
 * run of imports patches the stored lists of the company files its changed SIRENs fall in (their
 * lines replaced by their current entries: the file's SIREN range is not read again, which at
 * 29 M made a day's refresh a full build), recomputes the hash ranges of their directors, and
 * rewrites a file only when its list differs: the others keep their `Last-Modified`. What changed
 * without an import naming the company (an opposition recorded) is caught by the next full build. The XML is written when a file is served, with SITE_URL
 * read then (src/app/sitemaps/[file]/route.ts). Protected people stay out, as in the lists
 * themselves (LISTABLE, DISTINCT_PERSON).
 *
 * Known limit: a director who left every company of a run is found again only by the next full
 * build (the run's changed companies no longer name them); the daily job runs one weekly.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { CONTENT_SITEMAP_FILE, contentSitemapUrls } from '@/content/sitemap';
import {
  parseSitemapFile,
  SIREN_RANGE,
  SITEMAP_SIZE,
  sitemapCompanies,
  sitemapCompanyEntries,
  sitemapDirectors,
  sitemapFileName,
  sitemapFiles,
  type SitemapFile,
} from '@/registry/indexes';

export type SitemapUrl = { path: string; lastmod: string | null };
export type SitemapRefresh = {
  /** Files looked at (all of them for a full build). */
  files: number;
  urls: number;
  /** Files whose list changed (written, their Last-Modified now). */
  rewritten: number;
  removed: number;
};

/** `last_modified` as ISO 8601 UTC text, to the second (HTTP dates have no finer grain). */
const UTC = sql.raw(`to_char(last_modified AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const encode = (urls: SitemapUrl[]) =>
  urls.map((u) => (u.lastmod ? `${u.path}\t${u.lastmod}` : u.path)).join('\n');

async function urlsOf(db: Db, name: string): Promise<SitemapUrl[] | null> {
  if (name === CONTENT_SITEMAP_FILE) return contentSitemapUrls();
  const f = parseSitemapFile(name);
  if (!f) return null;
  return f.kind === 'entreprises'
    ? sitemapCompanies(db, f.range)
    : sitemapDirectors(db, f.ranges, f.range);
}

/**
 * Stores a file's list when it differs from the stored one (`previous`, when the caller has it,
 * spares the comparison a write): its Last-Modified moves only then. An empty company or director
 * file is removed.
 */
async function storeFile(
  db: Db,
  name: string,
  urls: number,
  text: string,
  previous?: string | null,
): Promise<{ urls: number; written: boolean; removed: boolean }> {
  if (urls === 0 && name !== CONTENT_SITEMAP_FILE) {
    if (previous === null) return { urls: 0, written: false, removed: false };
    const gone = await queryRows<{ name: string }>(
      db,
      sql`DELETE FROM sitemap_files WHERE name = ${name} RETURNING name`,
    );
    return { urls: 0, written: false, removed: gone.length > 0 };
  }
  if (previous === text) return { urls, written: false, removed: false };
  const fingerprint = createHash('sha256').update(text).digest('base64url');
  const written = await queryRows<{ name: string }>(
    db,
    sql`INSERT INTO sitemap_files (name, urls, fingerprint, body, last_modified)
        VALUES (${name}, ${urls}, ${fingerprint}, ${gzipSync(text)}, now())
        ON CONFLICT (name) DO UPDATE SET urls = excluded.urls, fingerprint = excluded.fingerprint,
          body = excluded.body, last_modified = excluded.last_modified
        WHERE sitemap_files.fingerprint <> excluded.fingerprint
        RETURNING name`,
  );
  return { urls, written: written.length > 0, removed: false };
}

/** Recomputes one file from the base; stores it only when its list changed. */
async function refreshFile(
  db: Db,
  name: string,
): Promise<{ urls: number; written: boolean; removed: boolean }> {
  const urls = (await urlsOf(db, name)) ?? [];
  return storeFile(db, name, urls.length, encode(urls));
}

/** A stored file's list as text ('' when empty), null when the file is not stored. */
async function storedText(db: Db, name: string): Promise<string | null> {
  const [row] = await queryRows<{ body: Uint8Array }>(
    db,
    sql`SELECT body FROM sitemap_files WHERE name = ${name}`,
  );
  return row ? gunzipSync(row.body).toString('utf8') : null;
}

/** Where the SIREN sits in a company file's line (`/entreprises/<siren>/<slug>\t<date>`). */
const SIREN_AT = '/entreprises/'.length;
const sirenOfLine = (line: string) => line.slice(SIREN_AT, SIREN_AT + 9);

/**
 * A company file's list patched with a day's changes: the lines of the changed SIRENs taken out,
 * their current entries (those still listed) put back in SIREN order, the others untouched. The
 * file's range is not read again: at 29 M a day's 50,000 SIRENs fall in nearly every file, and
 * recomputing them all was a full build (issue 40).
 */
export function patchCompanyList(
  text: string,
  changed: readonly string[],
  entries: ReadonlyMap<string, SitemapUrl>,
): { text: string; urls: number } {
  const out = new Set(changed);
  const kept = text ? text.split('\n').filter((line) => !out.has(sirenOfLine(line))) : [];
  const added = [...out]
    .filter((s) => entries.has(s))
    .sort()
    .map((s) => encode([entries.get(s)!]));
  const lines: string[] = [];
  let i = 0;
  for (const line of added) {
    const siren = sirenOfLine(line);
    while (i < kept.length && sirenOfLine(kept[i]!) < siren) lines.push(kept[i++]!);
    lines.push(line);
  }
  while (i < kept.length) lines.push(kept[i++]!);
  const listed = lines.slice(0, SITEMAP_SIZE);
  return { text: listed.join('\n'), urls: listed.length };
}

/** Patches the stored files of these companies (grouped by file) with their current entries. */
async function patchCompanyFiles(
  db: Db,
  sirens: readonly string[],
): Promise<Array<{ urls: number; written: boolean; removed: boolean }>> {
  const byFile = new Map<string, string[]>();
  for (const s of sirens) {
    const name = sitemapFileName({
      kind: 'entreprises',
      range: Math.floor(Number(s) / SIREN_RANGE),
    });
    const list = byFile.get(name);
    if (list) list.push(s);
    else byFile.set(name, [s]);
  }
  const results = [];
  // In batches of files: the changed companies' entries are read once per batch, by key.
  const names = [...byFile.keys()];
  for (let b = 0; b < names.length; b += PATCH_BATCH_FILES) {
    const batch = names.slice(b, b + PATCH_BATCH_FILES);
    const entries = await sitemapCompanyEntries(
      db,
      batch.flatMap((n) => byFile.get(n)!),
    );
    for (const name of batch) {
      const previous = await storedText(db, name);
      const patched = patchCompanyList(previous ?? '', byFile.get(name)!, entries);
      results.push(await storeFile(db, name, patched.urls, patched.text, previous));
    }
  }
  return results;
}

const PATCH_BATCH_FILES = 100;

/**
 * Brings the stored sitemaps up to date: every file when `changedSirens` is null (or nothing was
 * ever built), else the files of these companies (their stored lists patched, not their ranges
 * read again) and of their directors (recomputed).
 */
export async function refreshSitemapFiles(
  db: Db,
  changedSirens: readonly string[] | null,
): Promise<SitemapRefresh> {
  const listed = await sitemapFiles(db);
  const directorRanges = listed.find((f) => f.kind === 'dirigeants') as
    Extract<SitemapFile, { kind: 'dirigeants' }> | undefined;
  const [stored] = await queryRows<{ n: number; ranges: number | null }>(
    db,
    sql`SELECT count(*)::int AS n,
          max(substring(name FROM '^dirigeants-([0-9]+)-')::int) AS ranges FROM sitemap_files`,
  );
  // A full build: asked, never done, or the director files were cut anew (the table grew).
  const full =
    changedSirens === null ||
    stored!.n === 0 ||
    (stored!.ranges ?? 0) !== (directorRanges?.ranges ?? 0);
  const out: SitemapRefresh = { files: 0, urls: 0, rewritten: 0, removed: 0 };
  const count = (r: { urls: number; written: boolean; removed: boolean }) => {
    out.files++;
    out.urls += r.urls;
    if (r.written) out.rewritten++;
    if (r.removed) out.removed++;
  };
  let names: string[];
  if (full) names = [CONTENT_SITEMAP_FILE, ...listed.map(sitemapFileName)];
  else {
    const sirens = [...new Set(changedSirens.filter((s) => /^\d{9}$/.test(s)))];
    const ranges = directorRanges?.ranges ?? 1;
    const directorFiles = sirens.length
      ? (
          await queryRows<{ range: number }>(
            db,
            sql`SELECT DISTINCT (((hashtext(person_key)::bigint & 2147483647) * ${ranges}) / 2147483648)::int AS range
                FROM directors WHERE kind = 'person' AND person_key IS NOT NULL
                  AND siren = ANY(${`{${sirens.join(',')}}`}::bpchar[])`,
          )
        ).map((r) => sitemapFileName({ kind: 'dirigeants', ranges, range: r.range }))
      : [];
    for (const r of await patchCompanyFiles(db, sirens)) count(r);
    names = [CONTENT_SITEMAP_FILE, ...directorFiles];
  }
  for (const name of names) count(await refreshFile(db, name));
  if (full) {
    const keep = `{${names.join(',')}}`;
    const gone = await queryRows<{ name: string }>(
      db,
      sql`DELETE FROM sitemap_files WHERE NOT (name = ANY(${keep}::text[])) RETURNING name`,
    );
    out.removed += gone.length;
  }
  return out;
}

export type StoredSitemap = { urls: SitemapUrl[]; lastModified: Date };

/** A stored file's list and when it last changed; null when it is not stored. */
export async function storedSitemap(db: Db, name: string): Promise<StoredSitemap | null> {
  const [row] = await queryRows<{ body: Uint8Array; last_modified: string }>(
    db,
    sql`SELECT body, ${UTC} AS last_modified FROM sitemap_files WHERE name = ${name}`,
  );
  if (!row) return null;
  const text = gunzipSync(row.body).toString('utf8');
  const urls = text
    ? text.split('\n').map((line) => {
        const tab = line.indexOf('\t');
        return tab < 0
          ? { path: line, lastmod: null }
          : { path: line.slice(0, tab), lastmod: line.slice(tab + 1) };
      })
    : [];
  return { urls, lastModified: new Date(row.last_modified) };
}

/** The stored files in index order (content, companies, directors), with their dates; [] before any build. */
export async function storedSitemapIndex(
  db: Db,
): Promise<Array<{ name: string; lastModified: Date }>> {
  const rows = await queryRows<{ name: string; last_modified: string }>(
    db,
    sql`SELECT name, ${UTC} AS last_modified FROM sitemap_files
        ORDER BY name <> ${CONTENT_SITEMAP_FILE}, name LIKE 'dirigeants-%',
          substring(name FROM '([0-9]+)\\.xml$')::int, name`,
  );
  return rows.map((r) => ({ name: r.name, lastModified: new Date(r.last_modified) }));
}
