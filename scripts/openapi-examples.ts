/**
 * `npx tsx scripts/openapi-examples.ts --url http://127.0.0.1:3000`: records, from a running site
 * with the real sample (`npm start`), one real answer of every GET operation of the public API
 * into src/public-api/openapi/examples.json. The public OpenAPI document (src/public-api/openapi-public.ts)
 * shows it as the operation's example answer and derives the answer's schema from it. Lists are
 * cut to two items and long texts shortened, so the document stays light. Run it again when an
 * answer's shape changes (src/public-api/openapi-public.test.ts fails when an operation has none).
 * People's names become DUPONT and their birth January 1970 in the file: a
 * director may later oppose being shown, and a committed example would keep showing them.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const base = args.includes('--url') ? args[args.indexOf('--url') + 1]! : 'http://127.0.0.1:3000';
const OUT = path.join(process.cwd(), 'src', 'public-api', 'openapi', 'examples.json');

/** Danone, and values for the parameters an operation needs. */
const SIREN = '552032534';
const QUERY: Record<string, string> = {
  q: 'danone',
  lat: '48.8566',
  long: '2.3522',
  radius: '1',
};

const NAME_KEYS = new Set(['lastName', 'firstNames', 'nom', 'prenoms', 'usageName']);
const BIRTH: Record<string, unknown> = {
  birth: { year: 1970, month: 1, label: 'janvier 1970' },
  annee_de_naissance: '1970',
  date_de_naissance: '1970-01',
  personKey: 'DUPONT|JEAN|1970-01',
  person_key: 'DUPONT|JEAN|1970-01',
};
/** Every person's name met in the answers, to replace them all afterwards. */
const names = new Set<string>();

function trim(v: unknown): unknown {
  if (Array.isArray(v)) return v.slice(0, 2).map(trim);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => {
        if (NAME_KEYS.has(k) && typeof x === 'string')
          for (const part of x.split(/[\s,]+/)) if (part.length > 3) names.add(part);
        if (k in BIRTH && x !== null) return [k, BIRTH[k]];
        return [k, trim(x)];
      }),
    );
  if (typeof v === 'string' && v.length > 240) return `${v.slice(0, 239)}…`;
  return v;
}

/** Each part of a person's name becomes DUPONT, in its spelling (upper, title, slug). */
function pseudonymise(json: string): string {
  let out = json;
  for (const n of [...names].sort((a, b) => b.length - a.length)) {
    const escaped = n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, 'giu'), (m) =>
      m === m.toUpperCase() ? 'DUPONT' : m === m.toLowerCase() ? 'dupont' : 'Dupont',
    );
  }
  // Person keys in the network's node ids: `p:NAME|FIRST|YYYY-MM`.
  return out.replace(/\|\d{4}-\d{2}(?=")/g, '|1970-01');
}

type Param = { name: string; in: string; required?: boolean };

async function main(): Promise<void> {
  // The site's own public document: the operations it publishes.
  const doc = (await (await fetch(new URL('/api/openapi.json', base))).json()) as {
    paths: unknown;
  };
  const reps = (await (
    await fetch(new URL(`/api/companies/${SIREN}/representatives`, base))
  ).json()) as { data?: { data?: unknown } };
  const directorId = /"id":"([^"]+)"/.exec(JSON.stringify(reps.data?.data ?? {}))?.[1] ?? '';
  const examples: Record<string, unknown> = {};
  for (const [p, methods] of Object.entries(
    doc.paths as Record<string, Record<string, { parameters?: Param[] }>>,
  )) {
    const op = methods.get;
    if (!op) continue;
    const url = new URL(
      p.replace('{siren}', SIREN).replace('{id}', encodeURIComponent(directorId)),
      base,
    );
    for (const param of op.parameters ?? [])
      if (param.in === 'query' && param.required && QUERY[param.name])
        url.searchParams.set(param.name, QUERY[param.name]!);
    if (p.startsWith('/api/search/') || p.startsWith('/api/recherche-entreprises/search'))
      url.searchParams.set('q', QUERY.q!);
    if (p.endsWith('/near_point')) {
      url.searchParams.set('lat', QUERY.lat!);
      url.searchParams.set('long', QUERY.long!);
    }
    if (p.endsWith('/export')) continue; // a file, not JSON
    const res = await fetch(url, { headers: { Accept: 'application/json' } });
    if (res.status !== 200) {
      console.log(`GET ${p} : ${res.status}, sans exemple`);
      continue;
    }
    examples[`GET ${p}`] = trim(await res.json());
    console.log(`GET ${p} : exemple enregistré`);
  }
  writeFileSync(OUT, `${pseudonymise(JSON.stringify(examples, null, 1))}\n`);
  console.log(`${Object.keys(examples).length} exemples dans ${path.relative(process.cwd(), OUT)}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
