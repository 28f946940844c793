/**
 * The drop-in for the government's search API against its own answers: every stored query
 * (data/samples/recherche-entreprises, 38 answers with their queries) is replayed on our endpoint,
 * on the real sample (seedIfEmpty), and compared: the shape (same keys, same JSON types,
 * recursively) and, for the companies we hold, the values field by field. Every difference must be
 * listed in KNOWN_DIFFERENCES (which docs/DROP-IN.md prints), and every listed one must still occur.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { SAMPLES_DIR, seedIfEmpty } from '@/ingest/seed';
import { refreshSearchIndex } from '@/search/indexer';
import { dropInSearch, handleDropIn } from './handlers';
import { differencesMarkdown, KNOWN_DIFFERENCES, type KnownDifference } from './differences';
import { isPublicApiPath } from '@/api-access/gate';
import { DROPIN_NEAR_POINT, DROPIN_SEARCH, SUPPORTED_PARAMS, UNSUPPORTED_PARAMS } from './params';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Stored = {
  file: string;
  params: URLSearchParams;
  answer: { results: Json[]; total_results: Json } & Record<string, Json>;
};

const DIR = path.join(SAMPLES_DIR, 'recherche-entreprises');

/** The query of a stored answer: its `searchTerms`, and the parameters its file name carries. */
const FROM_NAME: Record<string, Record<string, string>> = {
  'search--label-rge-type-ct.json': { est_rge: 'true', est_collectivite_territoriale: 'true' },
  'search-ag-cp_dep-35000-cp_dep_type-cp.json': { code_postal: '35000' },
  'search-ganymede-ca_min-100-res_max-100000.json': { ca_min: '100', resultat_net_max: '100000' },
};

function storedAnswers(): Stored[] {
  return readdirSync(DIR)
    .filter((f) => /^search-.*\.json$/.test(f))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as {
        searchTerms: string;
        result: Stored['answer'];
      };
      const params = new URLSearchParams();
      if (raw.searchTerms) params.set('q', raw.searchTerms);
      for (const [k, v] of Object.entries(FROM_NAME[file] ?? {})) params.set(k, v);
      return { file, params, answer: raw.result };
    });
}

const typeOf = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every path of a value with its non-null types: `siege.adresse`, `dirigeants[].nom`, `finances.*`. */
function shape(v: Json, at: string, out: Map<string, Set<string>>) {
  const types = out.get(at) ?? new Set<string>();
  out.set(at, types);
  if (v !== null) types.add(typeOf(v));
  if (Array.isArray(v)) for (const x of v) shape(x, `${at}[]`, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      const key = at === 'finances' ? '*' : k;
      shape(x, at ? `${at}.${key}` : key, out);
    }
}

function shapeOf(values: Json[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const v of values) shape(v, '', out);
  out.delete('');
  return out;
}

type Found = { path: string; kind: KnownDifference['kind']; where: string };

/** Below a field that is absent (or extra) as a whole, its own fields are not reported again. */
const under = (p: string, parent: string) =>
  p.startsWith(parent) && (p[parent.length] === '.' || p[parent.length] === '[');

function compareShapes(
  theirs: Map<string, Set<string>>,
  ours: Map<string, Set<string>>,
  where: string,
): Found[] {
  const found: Found[] = [];
  const absent: string[] = [];
  for (const [p, types] of theirs) {
    const mine = ours.get(p);
    if (!mine) {
      if (!absent.some((a) => under(p, a))) found.push({ path: p, kind: 'absent', where });
      absent.push(p);
    } else if (types.size && mine.size && ![...types].some((t) => mine.has(t)))
      found.push({ path: p, kind: 'type', where });
  }
  const extra: string[] = [];
  for (const p of ours.keys()) {
    if (theirs.has(p)) continue;
    if (!extra.some((a) => under(p, a))) found.push({ path: p, kind: 'extra', where });
    extra.push(p);
  }
  return found;
}

/** An array's elements matched by identity (SIRET, SIREN, name), else by position. */
function keyOf(v: Json, i: number): string {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, Json>;
    return String(o.siret ?? o.siren ?? (o.nom !== undefined ? `${o.nom}|${o.prenoms}` : i));
  }
  return JSON.stringify(v);
}

function compareValues(theirs: Json, ours: Json, at: string, where: string, out: Found[]) {
  if (Array.isArray(theirs) && Array.isArray(ours)) {
    const mine = new Map(ours.map((x, i) => [keyOf(x, i), x]));
    const same = theirs.every((x, i) => mine.has(keyOf(x, i))) && theirs.length === ours.length;
    if (!same) out.push({ path: at, kind: 'value', where });
    theirs.forEach((x, i) => {
      const m = mine.get(keyOf(x, i));
      if (m !== undefined) compareValues(x, m, `${at}[]`, where, out);
    });
    return;
  }
  if (theirs && ours && typeof theirs === 'object' && typeof ours === 'object') {
    const t = theirs as Record<string, Json>;
    const o = ours as Record<string, Json>;
    for (const k of Object.keys(t)) {
      if (!(k in o)) continue; // an absent field is a shape difference
      const key = at === 'finances' ? '*' : k;
      compareValues(t[k]!, o[k]!, at ? `${at}.${key}` : key, where, out);
    }
    return;
  }
  const norm = (v: Json) => (typeof v === 'string' ? v.trim() : v);
  if (JSON.stringify(norm(theirs)) !== JSON.stringify(norm(ours)))
    out.push({ path: at, kind: 'value', where });
}

/** The listed difference of that kind on exactly that field (no wildcard: each is named). */
function listed(f: Found): KnownDifference | undefined {
  return KNOWN_DIFFERENCES.find((d) => d.kind === f.kind && d.path === f.path);
}

let h: DbHandle;
let stored: Stored[];
let held: Set<string>;

beforeAll(async () => {
  h = await createTestDb();
  const seeded = await seedIfEmpty(h);
  if (!seeded.loaded) await refreshSearchIndex(h.db);
  stored = storedAnswers();
  const rows = await queryRows<{ siren: string }>(h.db, sql`SELECT siren FROM companies`);
  held = new Set(rows.map((r) => r.siren));
}, 300_000);

afterAll(async () => {
  await h?.close();
});

describe('replay of the stored government answers', () => {
  it(
    'every query answers in the same shape; the values of the companies we hold match, but for the listed differences',
    { timeout: 300_000 },
    async () => {
      expect(stored.length).toBe(38);
      const found: Found[] = [];
      for (const s of stored) {
        const answer = await dropInSearch(h.db, s.params, 'search');
        expect(answer.status, `${s.file}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
        const ours = answer.body as { results: Json[] } & Record<string, Json>;
        // The envelope: same keys, same types.
        const top = (o: Record<string, Json>) =>
          Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeOf(v)]));
        expect(top(ours), s.file).toEqual(top(s.answer as Record<string, Json>));
        if (ours.total_results !== s.answer.total_results)
          found.push({ path: 'total_results', kind: 'value', where: s.file });
        // Each company they answer and we hold: ours, by its SIREN (in this answer, or looked up).
        for (const theirs of s.answer.results as Array<Record<string, Json>>) {
          const siren = String(theirs.siren);
          if (!held.has(siren)) continue;
          let mine = (ours.results as Array<Record<string, Json>>).find((r) => r.siren === siren);
          if (!mine) {
            found.push({ path: 'results[]', kind: 'value', where: `${s.file} ${siren}` });
            const alone = await dropInSearch(h.db, new URLSearchParams({ q: siren }), 'search');
            mine = (alone.body as { results: Array<Record<string, Json>> }).results[0];
          }
          expect(mine, `${s.file}: ${siren} held but not served`).toBeDefined();
          found.push(...compareShapes(shapeOf([theirs]), shapeOf([mine!]), `${s.file} ${siren}`));
          compareValues(theirs, mine!, '', `${s.file} ${siren}`, found);
        }
        // The companies we do not hold: the shape of the answer as a whole.
        if ((ours.results as Json[]).length && s.answer.results.length)
          found.push(
            ...compareShapes(shapeOf(s.answer.results), shapeOf(ours.results), s.file).filter(
              (f) => f.kind === 'type',
            ),
          );
      }
      // DROPIN_DUMP=file.json: every difference found, to review when the list must change.
      if (process.env.DROPIN_DUMP) writeFileSync(process.env.DROPIN_DUMP, JSON.stringify(found));
      const unlisted = found.filter((f) => !listed(f));
      const summary = [...new Map(unlisted.map((f) => [`${f.kind} ${f.path}`, f.where])).entries()]
        .map(([k, w]) => `${k} (${w})`)
        .join('\n');
      expect(summary, 'differences not in KNOWN_DIFFERENCES').toBe('');
      const stale = KNOWN_DIFFERENCES.filter((d) => !found.some((f) => listed(f) === d));
      expect(
        stale.map((d) => `${d.kind} ${d.path}`),
        'listed differences that no longer occur',
      ).toEqual([]);
    },
  );

  it('a field dropped from our answer fails the comparison, at any depth', () => {
    const theirs = shapeOf([{ siren: '1', siege: { adresse: 'x', siret: '2' } }]);
    const ours = shapeOf([{ siren: '1', siege: { siret: '2' } }]);
    const found = compareShapes(theirs, ours, 't');
    expect(found).toEqual([{ path: 'siege.adresse', kind: 'absent', where: 't' }]);
    expect(listed(found[0]!)).toBeUndefined();
    // A field of the directors or of the matching establishments, dropped from every element.
    for (const [list, field] of [
      ['dirigeants', 'prenoms'],
      ['matching_etablissements', 'adresse'],
    ] as const) {
      const nested = compareShapes(
        shapeOf([{ [list]: [{ nom: 'a', [field]: 'b' }] }]),
        shapeOf([{ [list]: [{ nom: 'a' }] }]),
        't',
      );
      expect(nested).toEqual([{ path: `${list}[].${field}`, kind: 'absent', where: 't' }]);
      expect(listed(nested[0]!)).toBeUndefined();
    }
  });

  it('docs/DROP-IN.md prints the list of differences and every parameter', () => {
    const doc = readFileSync(path.resolve(process.cwd(), 'docs/DROP-IN.md'), 'utf8');
    const table = /<!-- differences:start -->\n([\s\S]*?)\n<!-- differences:end -->/.exec(doc)?.[1];
    expect(table, 'regenerate with differencesMarkdown()').toBe(differencesMarkdown());
    for (const p of [...Object.keys(SUPPORTED_PARAMS), ...Object.keys(UNSUPPORTED_PARAMS)])
      expect(doc, p).toContain(`\`${p}\``);
  });
});

describe('the drop-in answers like the government API', () => {
  const call = async (kind: 'search' | 'near_point', query: Record<string, string>) => {
    const res = await handleDropIn(
      h.db,
      new Request(`http://test/api/recherche-entreprises/${kind}?${new URLSearchParams(query)}`),
      kind,
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('goes through the public API’s gate (keys, limits per address, RateLimit headers)', () => {
    expect(isPublicApiPath(DROPIN_SEARCH)).toBe(true);
    expect(isPublicApiPath(DROPIN_NEAR_POINT)).toBe(true);
  });

  it('a SIRET finds its company with that establishment in matching_etablissements', async () => {
    const { status, body } = await call('search', { q: '48744469700428' });
    expect(status).toBe(200);
    expect(body.results[0].siren).toBe('487444697');
    expect(body.results[0].matching_etablissements.map((e: { siret: string }) => e.siret)).toEqual([
      '48744469700428',
    ]);
  });

  it('directors: birth as year and month only', async () => {
    const { body } = await call('search', { q: '552032534' });
    const people = body.results[0].dirigeants.filter(
      (d: { type_dirigeant: string }) => d.type_dirigeant === 'personne physique',
    );
    expect(people.length).toBeGreaterThan(0);
    for (const p of people)
      if (p.date_de_naissance) expect(p.date_de_naissance).toMatch(/^\d{4}-\d{2}$/);
  });

  it('partial diffusion: a protected natural person shows neither name nor street nor coordinates', async () => {
    const rows = await queryRows<{ siren: string }>(
      h.db,
      sql`SELECT siren FROM companies WHERE diffusion <> 'O' AND is_natural_person LIMIT 1`,
    );
    if (!rows[0]) return;
    const { body } = await call('search', { q: rows[0].siren });
    for (const r of body.results) {
      expect(r.nom_complet).toBeNull();
      expect(r.statut_diffusion).toBe('P');
      expect(r.siege.latitude ?? null).toBeNull();
      expect(r.siege.libelle_voie ?? null).toBeNull();
      expect(r.dirigeants).toEqual([]);
    }
  });

  it('minimal=true gives the base fields; include adds blocks', async () => {
    const min = await call('search', { q: '552032534', minimal: 'true' });
    expect(min.body.results[0].siege).toBeUndefined();
    expect(min.body.results[0].dirigeants).toBeUndefined();
    const inc = await call('search', {
      q: '552032534',
      minimal: 'true',
      include: 'siege,finances',
    });
    expect(inc.body.results[0].siege.siret).toBeTruthy();
    expect(inc.body.results[0].dirigeants).toBeUndefined();
  });

  it('near_point: companies around a point, within the radius', async () => {
    const [p] = await queryRows<{ lat: number; lon: number }>(
      h.db,
      sql`SELECT latitude::float8 AS lat, longitude::float8 AS lon FROM establishments
          WHERE latitude IS NOT NULL AND diffusion = 'O' AND is_head_office AND status <> 'F' LIMIT 1`,
    );
    expect(p).toBeDefined();
    const { status, body } = await call('near_point', {
      lat: String(p!.lat),
      long: String(p!.lon),
      radius: '1',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.total_results).toBeGreaterThan(0);
    expect(Object.keys(body).sort()).toEqual([
      'page',
      'per_page',
      'results',
      'total_pages',
      'total_results',
    ]);
  });

  it.each([
    ['search', {}, 'au moins un paramètre'],
    ['search', { q: 'danone', per_page: '26' }, '`per_page`'],
    ['search', { q: 'danone', page: 'x' }, '`page`'],
    ['search', { q: 'danone', page: '1000', per_page: '25' }, '10 000'],
    ['search', { q: 'danone', est_rge: 'oui' }, '`est_rge`'],
    ['search', { q: 'danone', categorie_entreprise: 'XXL' }, '`categorie_entreprise`'],
    ['search', { q: 'danone', code_postal: '1' }, '`code_postal`'],
    [
      'search',
      { q: 'danone', date_naissance_personne_min: '1990-13-01' },
      '`date_naissance_personne_min`',
    ],
    ['search', { q: 'danone', est_ess: 'true' }, '`est_ess`'],
    ['search', { q: 'danone', include: 'siege' }, '`minimal=true`'],
    ['search', { q: 'danone', lat: '48.8' }, "'lat'"],
    ['near_point', { lat: '48.8' }, "'long'"],
    ['near_point', { lat: '48.8', long: '2.3', radius: '51' }, '`radius`'],
    ['near_point', { lat: 'nan', long: '2.3' }, '`lat`'],
    ['near_point', { lat: '48.8', long: '2.3', q: 'x' }, "'q'"],
    ['near_point', { lat: '40', long: '-40' }, '`lat`'],
    ['search', { q: 'danone', type_personne: 'ELU' }, '`type_personne`'],
  ] as const)('%s %j → 400 naming the parameter', async (kind, query, needle) => {
    const { status, body } = await call(kind, query);
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(['erreur']);
    expect(body.erreur).toContain(needle);
  });

  it('never a 500 on random parameters', { timeout: 120_000 }, async () => {
    const names = [...Object.keys(SUPPORTED_PARAMS), ...Object.keys(UNSUPPORTED_PARAMS), 'x'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('search' as const, 'near_point' as const),
        fc.dictionary(
          fc.constantFrom(...names),
          fc.oneof(
            fc.constantFrom(
              'true',
              'false',
              '1',
              '0',
              '-1',
              '48.85',
              '2.35',
              '75',
              'A',
              'GE',
              '62.02A',
              '',
            ),
            fc.string({ maxLength: 20 }),
          ),
          { maxKeys: 4 },
        ),
        async (kind, query) => {
          const { status, body } = await call(kind, query);
          expect([200, 400]).toContain(status);
          if (status === 400) expect(typeof body.erreur).toBe('string');
          else expect(Array.isArray(body.results)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
