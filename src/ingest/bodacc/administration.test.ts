import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { sample } from '../testing';
import { parseAdministration } from './administration';
import { judgmentState } from './judgments';

const decode = (s: string) =>
  new XMLParser({ processEntities: true }).parse(`<a>${s}</a>`).a as string;

/** Every <administration> of the shipped BODACC A issues. */
function allAdministrations(): string[] {
  const dir = sample('bodacc');
  const out: string[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.xml.gz'))) {
    const xml = gunzipSync(readFileSync(`${dir}/${f}`)).toString('utf8');
    for (const m of xml.matchAll(/<administration>([\s\S]*?)<\/administration>/g))
      out.push(decode(m[1]!));
  }
  return out;
}

describe('directors from <administration>', () => {
  const cases: Array<[string, object[]]> = [
    [
      'Gérant : DOST Sébastien Guy',
      [
        {
          kind: 'person',
          roleLabel: 'Gérant',
          roleCode: '30',
          lastName: 'DOST',
          firstNames: 'Sébastien Guy',
        },
      ],
    ],
    [
      'Gérant : BREARD Hugues, Julien, Stephane ; Gérant : FLOCH Isabelle',
      [
        { lastName: 'BREARD', firstNames: 'Hugues Julien Stephane' },
        { lastName: 'FLOCH', firstNames: 'Isabelle' },
      ],
    ],
    [
      "Président : Huet, Max, André, Directeur général : Taulet, Fanny, Christopher, Marie-Rose, Thérèse, nom d'usage : Huet",
      [
        { roleLabel: 'Président', lastName: 'Huet', firstNames: 'Max André', usageName: null },
        {
          roleLabel: 'Directeur général',
          roleCode: '53',
          lastName: 'Taulet',
          firstNames: 'Fanny Christopher Marie-Rose Thérèse',
          usageName: 'Huet',
        },
      ],
    ],
    [
      'Associé : VEYS, SALAMI Laetitia',
      [{ lastName: 'VEYS', usageName: 'SALAMI', firstNames: 'Laetitia' }],
    ],
    [
      'Président : GERGES Dalia né(e) MIKHAIL',
      [{ lastName: 'GERGES', firstNames: 'Dalia', birthName: 'MIKHAIL' }],
    ],
    [
      'Gérant, Associé indéfiniment responsable : CHAMPION Gaëtan',
      [
        {
          roleLabel: 'Gérant, Associé indéfiniment responsable',
          roleCode: '29',
          lastName: 'CHAMPION',
          firstNames: 'Gaëtan',
        },
      ],
    ],
    [
      'Associé : NIKAIA STOCK EXCHANGE',
      [{ kind: 'company', companyName: 'NIKAIA STOCK EXCHANGE' }],
    ],
    [
      'Président : MILIANE (SAS) représenté par BADEL Michel',
      [{ kind: 'company', companyName: 'MILIANE (SAS)', representative: 'BADEL Michel' }],
    ],
    [
      'Commissaire aux comptes titulaire : KPMG S.A',
      [{ kind: 'company', roleCode: '71', companyName: 'KPMG S.A' }],
    ],
    [
      'Gérant : NICOLAS Philippe en fonction le 16 Septembre 2019',
      [{ lastName: 'NICOLAS', firstNames: 'Philippe' }],
    ],
    [
      "Gérant : CASIERES Angélique Martine Marie-Philippe nom d'usage : BLED. Gérant : BLED Adrien Roger Yves nom d'usage : BLED",
      [
        {
          lastName: 'CASIERES',
          firstNames: 'Angélique Martine Marie-Philippe',
          usageName: 'BLED',
        },
        { lastName: 'BLED', firstNames: 'Adrien Roger Yves', usageName: 'BLED' },
      ],
    ],
    [
      "Gérant : BREARD Hugues, Julien nom d'usage : FLOCH",
      [{ lastName: 'BREARD', firstNames: 'Hugues Julien', usageName: 'FLOCH' }],
    ],
    [
      "Associé indéfiniment responsable : De Crepy Christine nom d'usage : De moucheron Associé indéfiniment responsable : De Crepy Charles-Alfred",
      [
        { lastName: 'De', firstNames: 'Crepy Christine', usageName: 'De moucheron' },
        { roleLabel: 'Associé indéfiniment responsable', firstNames: 'Crepy Charles-Alfred' },
      ],
    ],
    [
      "TOURNOUD Alain Joseph Georges nom d'usage : TOURNOUD devient gérant",
      [
        {
          roleLabel: 'Gérant',
          roleCode: '30',
          lastName: 'TOURNOUD',
          firstNames: 'Alain Joseph Georges',
          usageName: 'TOURNOUD',
        },
      ],
    ],
  ];
  it.each(cases)('%s', (text, expected) => {
    const r = parseAdministration(text);
    expect(r.rejects).toEqual([]);
    expect(r.directors).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(r.directors[i]).toMatchObject(e));
  });

  it('keeps the director but never the beneficial-owner status', () => {
    const r = parseAdministration(
      'Gérant, Associé, Bénéficiaire Effectif : ROUX Benjamin ; Bénéficiaire Effectif : ROUX Anne',
    );
    expect(r.directors).toHaveLength(1);
    expect(r.directors[0]).toMatchObject({ roleLabel: 'Gérant, Associé', lastName: 'ROUX' });
    expect(r.beneficialOwnersDropped).toBe(2);
  });

  it('rejects what it cannot read, with a reason', () => {
    expect(
      parseAdministration("Modification de la désignation d'un dirigeant : gérant").rejects[0]!
        .reason,
    ).toMatch(/changement/);
    expect(parseAdministration(' : PEREZ Guillaume').rejects[0]!.reason).toBe(
      'rôle absent avant « : »',
    );
  });

  it('never keeps a director who left, nor a usage-name key as a name or a role', () => {
    for (const text of [
      "BASSINET Jacqueline nom d'usage : BEDROSSIAN n'est plus gérant",
      "Gérant : GAILLARD Régis nom d'usage : GAILLARD n'est plus président",
    ]) {
      const r = parseAdministration(text);
      expect(r.directors, text).toEqual([]);
      expect(r.rejects[0]!.reason, text).toMatch(/départ/);
    }
    // On every text of the shipped issues: the key « nom d'usage » is never a first name or a
    // role, and no one who « n'est plus » in office is kept.
    for (const t of allAdministrations()) {
      for (const d of parseAdministration(t).directors) {
        expect(d.roleLabel, t).not.toMatch(/usage|n'est plus/i);
        if (d.kind === 'person') {
          expect(`${d.firstNames} ${d.lastName} ${d.usageName}`, t).not.toMatch(
            /nom d['’]usage|n['’]est plus/i,
          );
        }
      }
    }
  });

  it('reads every variant of the shipped issues, or rejects it with a reason', () => {
    const texts = allAdministrations();
    expect(texts.length).toBe(8744);
    let directors = 0;
    let rejects = 0;
    for (const t of texts) {
      const r = parseAdministration(t);
      // Nothing silently dropped: each text yields directors, rejects or removed beneficial owners.
      expect(r.directors.length + r.rejects.length + r.beneficialOwnersDropped, t).toBeGreaterThan(
        0,
      );
      for (const x of r.rejects) expect(x.reason.length, t).toBeGreaterThan(5);
      for (const d of r.directors) {
        expect(d.roleLabel).not.toMatch(/bénéficiaire/i);
        if (d.kind === 'person') expect(d.lastName.length).toBeGreaterThan(0);
      }
      directors += r.directors.length;
      // A departure (« n'est plus gérant ») is read, and rightly not kept as a director.
      rejects += r.rejects.filter((x) => !/départ/.test(x.reason)).length;
    }
    expect(directors).toBeGreaterThan(14_000);
    expect(rejects / (directors + rejects)).toBeLessThan(0.005);
  });
});

describe('judgments', () => {
  it('maps natures to insolvency states with the shipped rules', () => {
    expect(judgmentState("Jugement d'ouverture de liquidation judiciaire", null)).toBe(
      'liquidation_judiciaire',
    );
    expect(
      judgmentState("Jugement d'ouverture d'une procédure de redressement judiciaire", null),
    ).toBe('redressement_judiciaire');
    expect(judgmentState('Autre jugement prononçant', 'la liquidation judiciaire simplifiée')).toBe(
      'liquidation_judiciaire',
    );
    expect(judgmentState('Autre jugement prononçant', 'autre chose')).not.toBe(
      'liquidation_judiciaire',
    );
    expect(judgmentState('Nature inconnue', null)).toBeNull();
  });
});
