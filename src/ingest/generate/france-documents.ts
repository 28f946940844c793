/**
 * The synthetic France's documents beside the SIRENE stocks (france.ts, issue 40): BODACC A issues
 * with a creation notice per legal person picked, and RNE company documents with their directors.
 * Pure functions of (seed, index), like the stocks.
 */
import { FIRST_NAMES, SURNAMES, TRADE_WORDS } from './names';
import { pad, type Sink } from './stock';
import { cap, creationNotice } from './bodacc';
import { FULL_UNITS, franceUnit, madeUpWord, unitRng } from './france';

/**
 * Legal persons among units [from, to), one in `every`: the companies BODACC and the RNE speak
 * about. Natural persons have no board, and most of the 29 M never had a BODACC notice.
 */
function* legalPersons(seed: number, from: number, to: number, every: number) {
  for (let i = from; i < to; i += every) {
    const u = franceUnit(seed, i);
    if (!u.natural) yield u;
  }
}

/** One BODACC A issue (DILA XML) with a creation notice for each legal person picked. */
export async function writeFranceBodacc(
  sink: Sink,
  o: { seed: number; from: number; to: number; every: number; issue: number },
): Promise<number> {
  await sink.write(
    `<?xml version="1.0" encoding="utf-8"?>\n<RCS-A_IMMAT>\n   <parution>2099${pad(o.issue, 4)}</parution>\n   <dateParution>2099-01-02</dateParution>\n   <listeAvis>\n`,
  );
  let n = 0;
  for (const u of legalPersons(o.seed, o.from, o.to, o.every)) {
    const rng = unitRng(o.seed, u.i, 3);
    n++;
    const sas = u.legalForm === '5710';
    const admin = sas
      ? `Président : ${rng.zipf(SURNAMES)} ${madeUpWord(rng)} ${cap(rng.pick(FIRST_NAMES))}`
      : `Gérant : ${rng.zipf(SURNAMES)} ${madeUpWord(rng)}, ${cap(rng.pick(FIRST_NAMES))}`;
    await sink.write(
      creationNotice(rng, {
        nojo: `SYNTH${o.issue}-${n}`,
        n,
        siren: u.siren,
        name: u.name,
        sas,
        admin,
        activity: () => `${rng.zipf(TRADE_WORDS).toLowerCase()} (${u.naf})`,
        start: u.created,
      }),
    );
  }
  await sink.write('   </listeAvis>\n</RCS-A_IMMAT>\n');
  await sink.end();
  return n;
}

/** RNE company documents (the RNE stock's JSON arrays) with 1 to 4 directors per legal person. */
export async function writeFranceRne(
  sink: Sink,
  o: { seed: number; from: number; to: number; every: number },
): Promise<number> {
  await sink.write('[\n');
  let n = 0;
  for (const u of legalPersons(o.seed, o.from, o.to, o.every)) {
    const rng = unitRng(o.seed, u.i, 4);
    const pouvoirs: unknown[] = [];
    const directors = 1 + (rng.chance(0.4) ? 1 + rng.int(3) : 0);
    for (let d = 0; d < directors; d++) {
      if (d > 0 && rng.chance(0.08)) {
        // A legal person as director: another generated company.
        const other = franceUnit(o.seed, (u.i * 7 + d) % FULL_UNITS);
        pouvoirs.push({
          roleEntreprise: '74',
          typeDePersonne: 'ENTREPRISE',
          entreprise: { siren: other.siren, denomination: other.name },
        });
        continue;
      }
      // A small pool of people per surname and birth month, so some direct several companies.
      pouvoirs.push({
        roleEntreprise: d === 0 ? (u.legalForm === '5710' ? '73' : '30') : '71',
        typeDePersonne: 'INDIVIDU',
        individu: {
          descriptionPersonne: {
            nom: `${rng.zipf(SURNAMES)}-${madeUpWord(rng)}`,
            prenoms: [cap(rng.zipf(FIRST_NAMES))],
            dateDeNaissance: `${1940 + rng.int(65)}-${pad(1 + rng.int(12), 2)}`,
            nationalite: 'FRANÇAISE',
            dateEffetRoleDeclarant: u.created,
          },
        },
      });
    }
    const doc = {
      updatedAt: `${u.updated}+01:00`,
      formality: {
        siren: u.siren,
        diffusionINSEE: u.diffusion,
        formeJuridique: u.legalForm,
        content: {
          natureCreation: { dateCreation: u.created, formeJuridique: u.legalForm },
          personneMorale: {
            identite: {
              entreprise: {
                denomination: u.name,
                formeJuridique: u.legalForm,
                codeApe: u.naf.replace('.', ''),
                nicSiege: '00012',
              },
              description: { montantCapital: (1 + rng.int(500)) * 100, deviseCapital: 'EUR' },
            },
            composition: { pouvoirs },
          },
        },
      },
    };
    await sink.write(`${n ? ',\n' : ''}${JSON.stringify(doc)}`);
    n++;
  }
  await sink.write('\n]\n');
  await sink.end();
  return n;
}
