/**
 * A synthetic BODACC A issue (DILA XML, RCS-A_IMMAT layout) for scale tests only: creations with
 * a company, a capital, an address, an activity and an <administration> text in the registries'
 * usual wordings. Deterministic for a given seed.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { FIRST_NAMES, NAF, STREETS, STREET_TYPES, SURNAMES, TRADE_WORDS } from './names';
import { Rng } from './random';
import { companyName } from './sirene';
import { withLuhnKey } from './stock';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const cap = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

/**
 * One creation notice (`<avis>`) of a BODACC A issue: the department, capital and address drawn
 * from `rng` in this order, then the activity.
 */
export function creationNotice(
  rng: Rng,
  o: {
    nojo: string;
    n: number;
    siren: string;
    name: string;
    sas: boolean;
    admin: string;
    activity: () => string;
    start: string;
  },
): string {
  const s = o.siren;
  return `      <avis>
         <typeAnnonce><annonce/></typeAnnonce>
         <nojo>${o.nojo}</nojo>
         <numeroAnnonce>${o.n}</numeroAnnonce>
         <numeroDepartement>${String(1 + rng.int(95)).padStart(2, '0')}</numeroDepartement>
         <tribunal>GREFFE DU TRIBUNAL DE COMMERCE SYNTHÉTIQUE</tribunal>
         <personnes><personne><personneMorale>
            <numeroImmatriculation><numeroIdentification>${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6)}</numeroIdentification><codeRCS>RCS</codeRCS><nomGreffeImmat>Synthèse</nomGreffeImmat></numeroImmatriculation>
            <denomination>${esc(o.name)}</denomination>
            <formeJuridique>${o.sas ? 'Société par actions simplifiée' : 'Société à responsabilité limitée'}</formeJuridique>
            <administration>${esc(o.admin)}</administration>
         </personneMorale>
         <capital><montantCapital>${(1 + rng.int(500)) * 100}.00</montantCapital><devise>EUR</devise></capital>
         <adresse><france><numeroVoie>${1 + rng.int(99)}</numeroVoie><typeVoie>${rng.pick(STREET_TYPES)}</typeVoie><nomVoie>${esc(rng.pick(STREETS))}</nomVoie><codePostal>75001</codePostal><ville>Paris</ville></france></adresse>
         </personne></personnes>
         <etablissement><activite>${esc(o.activity())}</activite></etablissement>
         <acte><creation><categorieCreation>Création</categorieCreation><dateCommencementActivite>${o.start}</dateCommencementActivite></creation></acte>
      </avis>
`;
}

export async function generateBodacc(outDir: string, notices: number, seed = 7): Promise<string> {
  const rng = new Rng(seed);
  const path = `${outDir}/RCS-A_BXA_SYNTHETIQUE_${notices}.xml`;
  const out = createWriteStream(path);
  const w = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await w(
    '<?xml version="1.0" encoding="utf-8"?>\n<RCS-A_IMMAT>\n   <parution>20990001</parution>\n   <dateParution>2099-01-02</dateParution>\n   <listeAvis>\n',
  );
  for (let i = 1; i <= notices; i++) {
    const siren = withLuhnKey(String(90_000_000 + i * 3).padStart(8, '0'));
    const { name } = companyName(rng);
    const sas = rng.chance(0.5);
    const admin = sas
      ? `Président : ${rng.zipf(SURNAMES)} ${cap(rng.pick(FIRST_NAMES))} ${cap(rng.pick(FIRST_NAMES))}`
      : `Gérant : ${rng.zipf(SURNAMES)}, ${cap(rng.pick(FIRST_NAMES))} ; Associé : ${rng.zipf(SURNAMES)} ${cap(rng.pick(FIRST_NAMES))}`;
    await w(
      creationNotice(rng, {
        nojo: `SYNTH${i}`,
        n: i,
        siren,
        name,
        sas,
        admin,
        activity: () => `${rng.zipf(TRADE_WORDS).toLowerCase()} (${rng.pick(NAF)})`,
        start: '2098-12-01',
      }),
    );
  }
  await w('   </listeAvis>\n</RCS-A_IMMAT>\n');
  out.end();
  await once(out, 'finish');
  return path;
}
