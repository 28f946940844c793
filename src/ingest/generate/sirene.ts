/**
 * Synthetic SIRENE stock files in INSEE's current layouts (StockUniteLegale 35 columns,
 * StockEtablissement 54 columns), for scale tests only. Deterministic for a given seed. The files
 * are named *_SYNTHETIQUE_* and the importer refuses them unless told they are synthetic.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { ETABLISSEMENT_SCHEMAS, UNITE_LEGALE_SCHEMAS } from '../sirene/schemas';
import {
  FIRST_NAMES,
  LEGAL_WORDS,
  NAF,
  PLACE_WORDS,
  STREETS,
  STREET_TYPES,
  SURNAMES,
  TRADE_WORDS,
} from './names';
import { Rng } from './random';

const UL_HEADER = UNITE_LEGALE_SCHEMAS[0]!.columns;
const ET_HEADER = ETABLISSEMENT_SCHEMAS[0]!.columns;

/** Appends the Luhn key digit to make a valid identifier. */
export function withLuhnKey(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

const csv = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function companyName(rng: Rng): { name: string; sigle: string } {
  const r = rng.next();
  let name: string;
  if (r < 0.3) name = `${rng.pick(LEGAL_WORDS)} ${rng.zipf(SURNAMES)}`;
  else if (r < 0.55) name = `${rng.zipf(TRADE_WORDS)} ${rng.zipf(SURNAMES)}`;
  else if (r < 0.7)
    name = `${rng.pick(LEGAL_WORDS)} ${rng.zipf(TRADE_WORDS)} ${rng.pick(PLACE_WORDS)}`;
  else if (r < 0.85) name = `${rng.zipf(SURNAMES)} ET ${rng.zipf(SURNAMES)}`;
  else if (r < 0.93) name = `${rng.zipf(TRADE_WORDS)} ${rng.pick(PLACE_WORDS)}`;
  else name = `${rng.zipf(SURNAMES)} ${rng.zipf(TRADE_WORDS)}, ${rng.zipf(TRADE_WORDS)}`;
  const sigle = rng.chance(0.08)
    ? name
        .split(/\s+/)
        .filter((w) => /^[A-ZÀ-Ý]/.test(w))
        .map((w) => w[0])
        .join('.')
    : '';
  return { name, sigle };
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
function isoDate(rng: Rng, from = 1950, to = 2025): string {
  return `${from + rng.int(to - from)}-${pad(1 + rng.int(12), 2)}-${pad(1 + rng.int(28), 2)}`;
}

async function write(stream: WriteStream | NodeJS.WritableStream, line: string): Promise<void> {
  if (!stream.write(line)) await once(stream, 'drain');
}

export type GenerateOptions = {
  companies: number;
  /** Establishments per company on average (INSEE stock: about 1.3). */
  establishmentsPerCompany?: number;
  seed?: number;
  gzip?: boolean;
  /** Start of the SIREN bodies (8 digits before the key). */
  firstSirenBody?: number;
};

/** Writes StockUniteLegale and StockEtablissement files; returns their paths and row counts. */
export async function generateSirene(outDir: string, opts: GenerateOptions) {
  const rng = new Rng(opts.seed ?? 42);
  const per = opts.establishmentsPerCompany ?? 1.3;
  const ext = opts.gzip ? '.csv.gz' : '.csv';
  const ulPath = `${outDir}/StockUniteLegale_SYNTHETIQUE_${opts.companies}${ext}`;
  const etPath = `${outDir}/StockEtablissement_SYNTHETIQUE_${opts.companies}${ext}`;
  const open = (p: string) => {
    const file = createWriteStream(p, { highWaterMark: 1 << 20 });
    if (!opts.gzip) return { out: file as NodeJS.WritableStream, done: once(file, 'finish') };
    const gz = createGzip({ level: 1 });
    gz.pipe(file);
    return { out: gz as NodeJS.WritableStream, done: once(file, 'finish') };
  };
  const ul = open(ulPath);
  const et = open(etPath);
  await write(ul.out, `${UL_HEADER.join(',')}\n`);
  await write(et.out, `${ET_HEADER.join(',')}\n`);
  let establishments = 0;
  const base = opts.firstSirenBody ?? 10_000_000;
  for (let i = 0; i < opts.companies; i++) {
    const siren = withLuhnKey(pad(base + i * 7, 8));
    const person = rng.chance(0.38);
    const diffusion = rng.chance(0.03) ? 'P' : 'O';
    const ceased = rng.chance(0.25);
    const creation = isoDate(rng);
    const updated = `${2018 + rng.int(8)}-${pad(1 + rng.int(12), 2)}-${pad(1 + rng.int(28), 2)}T${pad(rng.int(24), 2)}:${pad(rng.int(60), 2)}:${pad(rng.int(60), 2)}`;
    const naf = rng.pick(NAF);
    // Exactly round(companies × per) establishments in all, spread evenly.
    const nEt = 1 + Math.floor((i + 1) * (per - 1)) - Math.floor(i * (per - 1));
    const headNic = '00012';
    const nd = (v: string) => (diffusion === 'P' ? '[ND]' : v);
    let name = '';
    let sigle = '';
    let nom = '';
    let prenom = '';
    if (person) {
      nom = rng.zipf(SURNAMES);
      prenom = rng.zipf(FIRST_NAMES);
    } else ({ name, sigle } = companyName(rng));
    const ulRow = [
      siren,
      diffusion,
      '',
      creation,
      nd(sigle),
      person ? nd(rng.chance(0.5) ? 'M' : 'F') : '',
      person ? nd(prenom) : '',
      '',
      '',
      '',
      person ? nd(prenom) : '',
      '',
      '',
      rng.pick(['NN', '00', '01', '02', '03', '11', '12']),
      '2023',
      updated,
      String(1 + rng.int(6)),
      rng.pick(['PME', 'PME', 'PME', 'ETI', '']),
      '2023',
      isoDate(rng, 2000),
      ceased ? 'C' : 'A',
      person ? nd(nom) : '',
      '',
      person ? '' : name,
      '',
      '',
      '',
      person ? '1000' : rng.pick(['5710', '5499', '6540', '5720', '5498', '9220']),
      naf,
      'NAFRev2',
      headNic,
      rng.chance(0.05) ? 'O' : 'N',
      '',
      rng.chance(0.4) ? 'O' : 'N',
      `${naf.slice(0, 5)}Y`,
    ];
    await write(ul.out, `${ulRow.map(csv).join(',')}\n`);
    for (let k = 0; k < nEt; k++) {
      const nic = `${pad(k + 1, 4)}2`;
      const siret = siren + nic;
      const dep = pad(1 + rng.int(95), 2);
      const commune = `${dep}${pad(1 + rng.int(400), 3)}`;
      const etRow: string[] = [
        siren,
        nic,
        siret,
        diffusion,
        isoDate(rng),
        rng.pick(['NN', '00', '01', '02']),
        '2023',
        '',
        updated,
        k === 0 ? 'true' : 'false',
        '1',
        '',
        nd(String(1 + rng.int(120))),
        '',
        '',
        '',
        nd(rng.pick(STREET_TYPES)),
        nd(rng.pick(STREETS)),
        nd(`${dep}${pad(rng.int(1000), 3)}`),
        `COMMUNE ${commune}`,
        '',
        '',
        commune,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        ...Array(14).fill(''),
        isoDate(rng, 2000),
        ceased || rng.chance(0.2) ? 'F' : 'A',
        rng.chance(0.15) ? nd(rng.zipf(TRADE_WORDS)) : '',
        '',
        '',
        '',
        naf,
        'NAFRev2',
        'N',
        `${naf.slice(0, 5)}Y`,
      ];
      await write(et.out, `${etRow.map(csv).join(',')}\n`);
      establishments++;
    }
  }
  ul.out.end();
  et.out.end();
  await Promise.all([ul.done, et.done]);
  return { ulPath, etPath, companies: opts.companies, establishments };
}
