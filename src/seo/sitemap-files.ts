/**
 * Sitemaps built ahead and kept incrementally (issue 40): each file of the sitemap index (content,
 * company SIREN ranges, director hash ranges: src/registry/indexes.ts) is stored in
 * `sitemap_files` (migration 0035) as the gzipped list of its paths and last modification dates,
 * with a fingerprint and the time its list last changed. A full build recomputes every file; a
 * run of imports recomputes only the files of the companies it changed (their SIREN range, and
 * the hash ranges of their directors), and rewrites a file only when its list differs: the
 * others keep their `Last-Modified`. The XML is written when a file is served, with SITE_URL
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
  sitemapCompanies,
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

/** Recomputes one file; stores it only when its list changed. Returns its URL count and whether it was written. */
async function refreshFile(
  db: Db,
  name: string,
): Promise<{ urls: number; written: boolean; removed: boolean }> {
  const urls = (await urlsOf(db, name)) ?? [];
  if (urls.length === 0 && name !== CONTENT_SITEMAP_FILE) {
    const gone = await queryRows<{ name: string }>(
      db,
      sql`DELETE FROM sitemap_files WHERE name = ${name} RETURNING name`,
    );
    return { urls: 0, written: false, removed: gone.length > 0 };
  }
  const text = encode(urls);
  const fingerprint = createHash('sha256').update(text).digest('base64url');
  const written = await queryRows<{ name: string }>(
    db,
    sql`INSERT INTO sitemap_files (name, urls, fingerprint, body, last_modified)
        VALUES (${name}, ${urls.length}, ${fingerprint}, ${gzipSync(text)}, now())
        ON CONFLICT (name) DO UPDATE SET urls = excluded.urls, fingerprint = excluded.fingerprint,
          body = excluded.body, last_modified = excluded.last_modified
        WHERE sitemap_files.fingerprint <> excluded.fingerprint
        RETURNING name`,
  );
  return { urls: urls.length, written: written.length > 0, removed: false };
}

/**
 * Brings the stored sitemaps up to date: every file when `changedSirens` is null (or nothing was
 * ever built), else the files of these companies and of their directors.
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
  let names: string[];
  if (full) names = [CONTENT_SITEMAP_FILE, ...listed.map(sitemapFileName)];
  else {
    const sirens = [...new Set(changedSirens.filter((s) => /^\d{9}$/.test(s)))];
    const companyFiles = [...new Set(sirens.map((s) => Math.floor(Number(s) / SIREN_RANGE)))].map(
      (range) => sitemapFileName({ kind: 'entreprises', range }),
    );
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
    names = [CONTENT_SITEMAP_FILE, ...companyFiles, ...directorFiles];
  }
  const out: SitemapRefresh = { files: 0, urls: 0, rewritten: 0, removed: 0 };
  for (const name of names) {
    const r = await refreshFile(db, name);
    out.files++;
    out.urls += r.urls;
    if (r.written) out.rewritten++;
    if (r.removed) out.removed++;
  }
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
