/**
 * npm run generate -- sirene --companies N --out DIR [--etablissements-par-entreprise 1.3]
 *                      [--seed 42] [--gzip] [--bodacc N]
 *        npm run generate -- france ul|et|bodacc|rne|day-ul|day-et --out FILE [--from 0]
 *                      [--to 29000000] [--every 10] [--seed 40] [--day 1 --count 50000]
 * Writes deterministic synthetic files in the official formats, for scale tests only. They are
 * named *_SYNTHETIQUE_* and never loaded by default. `france` writes one part of the full-size
 * France of src/ingest/generate/france.ts (gzip when FILE ends in .gz).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { generateBodacc } from './bodacc';
import { generateSirene } from './sirene';
import { FULL_UNITS, writeFranceStock } from './france';
import { writeFranceDay } from './france-day';
import { writeFranceBodacc, writeFranceRne } from './france-documents';
import { fileSink } from './stock';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const kind = process.argv[2];
  if (kind === 'france') return france(process.argv[3]);
  const out = arg('out');
  const companies = Number(arg('companies') ?? '0');
  const bodacc = Number(arg('bodacc') ?? '0');
  if (kind !== 'sirene' || !out || !(companies > 0 || bodacc > 0)) {
    console.error(
      'Usage : npm run generate -- sirene --companies N --out DOSSIER [--etablissements-par-entreprise 1.3] [--seed 42] [--gzip] [--bodacc N]',
    );
    return 2;
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(
    `${out}/LISEZMOI.txt`,
    'Fichiers SYNTHÉTIQUES générés par `npm run generate`, pour les tests de charge uniquement.\n' +
      'Ce ne sont pas des données réelles : ne les chargez jamais dans une base servie au public.\n',
  );
  if (companies > 0) {
    const r = await generateSirene(out, {
      companies,
      establishmentsPerCompany: Number(arg('etablissements-par-entreprise') ?? '1.3'),
      seed: Number(arg('seed') ?? '42'),
      gzip: process.argv.includes('--gzip'),
    });
    console.log(
      `${r.ulPath} : ${r.companies} unités légales\n${r.etPath} : ${r.establishments} établissements`,
    );
  }
  if (bodacc > 0) console.log(`${await generateBodacc(out, bodacc)} : ${bodacc} annonces`);
  return 0;
}

async function france(part: string | undefined): Promise<number> {
  const out = arg('out');
  if (
    !out ||
    !part ||
    !['ul', 'et', 'bodacc', 'rne', 'day-ul', 'day-et'].includes(part) ||
    !/SYNTHETIQUE/.test(out)
  ) {
    console.error(
      'Usage : npm run generate -- france ul|et|bodacc|rne|day-ul|day-et --out FICHIER_SYNTHETIQUE[.gz] [--from 0] [--to 29000000] [--every 10] [--seed 40] [--day 1 --count 50000]',
    );
    return 2;
  }
  const seed = Number(arg('seed') ?? '40');
  const from = Number(arg('from') ?? '0');
  const to = Number(arg('to') ?? String(FULL_UNITS));
  const every = Number(arg('every') ?? '10');
  const sink = fileSink(out);
  const started = Date.now();
  const progress = (done: number, rows: number) => {
    const s = (Date.now() - started) / 1000;
    const eta = done > 0 ? Math.round((s / done) * (to - from - done)) : 0;
    console.log(
      `génération ${part} : ${done} unités, ${rows} lignes, ${Math.round(rows / s)} lignes/s, reste environ ${eta} s`,
    );
  };
  if (part === 'day-ul' || part === 'day-et') {
    const rows = await writeFranceDay(part === 'day-ul' ? 'ul' : 'et', sink, {
      seed,
      units: to,
      day: Number(arg('day') ?? '1'),
      count: Number(arg('count') ?? '50000'),
    });
    console.log(`${out} : ${rows} lignes`);
    return 0;
  }
  const rows =
    part === 'ul' || part === 'et'
      ? await writeFranceStock(part, sink, { seed, from, to, progress })
      : part === 'bodacc'
        ? await writeFranceBodacc(sink, {
            seed,
            from,
            to,
            every,
            issue: 1 + Math.floor(from / 1e6),
          })
        : await writeFranceRne(sink, { seed, from, to, every });
  console.log(`${out} : ${rows} lignes`);
  return 0;
}

main().then((c) => process.exit(c));
