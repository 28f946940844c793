/**
 * Synthetic SIRENE stock files in INSEE's current layouts (StockUniteLegale 35 columns,
 * StockEtablissement 54 columns), for scale tests only. Deterministic for a given seed. The files
 * are named *_SYNTHETIQUE_* and the importer refuses them unless told they are synthetic.
 */
import * as words from './names';
import { Rng } from './random';
import {
  csvLine,
  ET_HEADER,
  fileSink,
  pad,
  randomDate,
  randomStamp,
  stockRow,
  UL_HEADER,
  withLuhnKey,
} from './stock';

export function companyName(rng: Rng): { name: string; sigle: string } {
  const r = rng.next();
  let name: string;
  if (r < 0.3) name = `${rng.pick(words.LEGAL_WORDS)} ${rng.zipf(words.SURNAMES)}`;
  else if (r < 0.55) name = `${rng.zipf(words.TRADE_WORDS)} ${rng.zipf(words.SURNAMES)}`;
  else if (r < 0.7)
    name = `${rng.pick(words.LEGAL_WORDS)} ${rng.zipf(words.TRADE_WORDS)} ${rng.pick(words.PLACE_WORDS)}`;
  else if (r < 0.85) name = `${rng.zipf(words.SURNAMES)} ET ${rng.zipf(words.SURNAMES)}`;
  else if (r < 0.93) name = `${rng.zipf(words.TRADE_WORDS)} ${rng.pick(words.PLACE_WORDS)}`;
  else
    name = `${rng.zipf(words.SURNAMES)} ${rng.zipf(words.TRADE_WORDS)}, ${rng.zipf(words.TRADE_WORDS)}`;
  const sigle = rng.chance(0.08)
    ? name
        .split(/\s+/)
        .filter((w) => /^[A-ZÀ-Ý]/.test(w))
        .map((w) => w[0])
        .join('.')
    : '';
  return { name, sigle };
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
  const ul = fileSink(ulPath);
  const et = fileSink(etPath);
  await ul.write(`${UL_HEADER.join(',')}\n`);
  await et.write(`${ET_HEADER.join(',')}\n`);
  let establishments = 0;
  const base = opts.firstSirenBody ?? 10_000_000;
  for (let i = 0; i < opts.companies; i++) {
    const siren = withLuhnKey(pad(base + i * 7, 8));
    const person = rng.chance(0.38);
    const diffusion = rng.chance(0.03) ? 'P' : 'O';
    const ceased = rng.chance(0.25);
    const creation = randomDate(rng, 1950, 2025);
    const updated = randomStamp(rng, true);
    const naf = rng.pick(words.NAF);
    // Exactly round(companies × per) establishments in all, spread evenly.
    const nEt = 1 + Math.floor((i + 1) * (per - 1)) - Math.floor(i * (per - 1));
    const nd = (v: string) => (diffusion === 'P' ? '[ND]' : v);
    let name = '';
    let sigle = '';
    let nom = '';
    let prenom = '';
    if (person) {
      nom = rng.zipf(words.SURNAMES);
      prenom = rng.zipf(words.FIRST_NAMES);
    } else ({ name, sigle } = companyName(rng));
    // The values are drawn in the order of the columns (the files depend on it).
    const ulRow = stockRow(UL_HEADER, {
      siren,
      statutDiffusionUniteLegale: diffusion,
      dateCreationUniteLegale: creation,
      sigleUniteLegale: nd(sigle),
      sexeUniteLegale: person ? nd(rng.chance(0.5) ? 'M' : 'F') : '',
      prenom1UniteLegale: person ? nd(prenom) : '',
      prenomUsuelUniteLegale: person ? nd(prenom) : '',
      trancheEffectifsUniteLegale: rng.pick(['NN', '00', '01', '02', '03', '11', '12']),
      anneeEffectifsUniteLegale: '2023',
      dateDernierTraitementUniteLegale: updated,
      nombrePeriodesUniteLegale: String(1 + rng.int(6)),
      categorieEntreprise: rng.pick(['PME', 'PME', 'PME', 'ETI', '']),
      anneeCategorieEntreprise: '2023',
      dateDebut: randomDate(rng, 2000, 2025),
      etatAdministratifUniteLegale: ceased ? 'C' : 'A',
      nomUniteLegale: person ? nd(nom) : '',
      denominationUniteLegale: person ? '' : name,
      categorieJuridiqueUniteLegale: person
        ? '1000'
        : rng.pick(['5710', '5499', '6540', '5720', '5498', '9220']),
      activitePrincipaleUniteLegale: naf,
      nomenclatureActivitePrincipaleUniteLegale: 'NAFRev2',
      nicSiegeUniteLegale: '00012',
      economieSocialeSolidaireUniteLegale: rng.chance(0.05) ? 'O' : 'N',
      caractereEmployeurUniteLegale: rng.chance(0.4) ? 'O' : 'N',
      activitePrincipaleNAF25UniteLegale: `${naf.slice(0, 5)}Y`,
    });
    await ul.write(csvLine(ulRow));
    for (let k = 0; k < nEt; k++) {
      const nic = `${pad(k + 1, 4)}2`;
      const dep = pad(1 + rng.int(95), 2);
      const commune = `${dep}${pad(1 + rng.int(400), 3)}`;
      const etRow = stockRow(ET_HEADER, {
        siren,
        nic,
        siret: siren + nic,
        statutDiffusionEtablissement: diffusion,
        dateCreationEtablissement: randomDate(rng, 1950, 2025),
        trancheEffectifsEtablissement: rng.pick(['NN', '00', '01', '02']),
        anneeEffectifsEtablissement: '2023',
        dateDernierTraitementEtablissement: updated,
        etablissementSiege: k === 0 ? 'true' : 'false',
        nombrePeriodesEtablissement: '1',
        numeroVoieEtablissement: nd(String(1 + rng.int(120))),
        typeVoieEtablissement: nd(rng.pick(words.STREET_TYPES)),
        libelleVoieEtablissement: nd(rng.pick(words.STREETS)),
        codePostalEtablissement: nd(`${dep}${pad(rng.int(1000), 3)}`),
        libelleCommuneEtablissement: `COMMUNE ${commune}`,
        codeCommuneEtablissement: commune,
        dateDebut: randomDate(rng, 2000, 2025),
        etatAdministratifEtablissement: ceased || rng.chance(0.2) ? 'F' : 'A',
        enseigne1Etablissement: rng.chance(0.15) ? nd(rng.zipf(words.TRADE_WORDS)) : '',
        activitePrincipaleEtablissement: naf,
        nomenclatureActivitePrincipaleEtablissement: 'NAFRev2',
        caractereEmployeurEtablissement: 'N',
        activitePrincipaleNAF25Etablissement: `${naf.slice(0, 5)}Y`,
      });
      await et.write(csvLine(etRow));
      establishments++;
    }
  }
  await Promise.all([ul.end(), et.end()]);
  return { ulPath, etPath, companies: opts.companies, establishments };
}
