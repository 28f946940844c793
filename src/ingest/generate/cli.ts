/**
 * npm run generate -- sirene --companies N --out DIR [--etablissements-par-entreprise 1.3]
 *                      [--seed 42] [--gzip] [--bodacc N]
 * Writes deterministic synthetic files in the official formats, for scale tests only. They are
 * named *_SYNTHETIQUE_* and never loaded by default.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { generateBodacc } from './bodacc';
import { generateSirene } from './sirene';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const kind = process.argv[2];
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

main().then((c) => process.exit(c));
