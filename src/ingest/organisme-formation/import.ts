/**
 * DGEFP « liste publique des organismes de formation » (liste-publique-des-of-v2): the CSV export
 * with labels (`Numéro Déclaration Activité`, `Code SIREN`, `Certifications`) or its records API
 * (`{records: [{fields: {numerodeclarationactivite, siren, certifications}}]}`). Per SIREN the
 * declaration numbers (identifiers `nda`, label `organisme-formation`), and `qualiopi` when one of
 * its rows has a certification.
 */
import {
  cleanSiren,
  delimited,
  emptyParse,
  frenchDate,
  jsonRecords,
  labelImporter,
  parseJson,
  str,
  type ParsedLabels,
} from '../core/labels';

export function parseOrganismeFormation(text: string, name: string): ParsedLabels {
  const out = emptyParse({ labels: ['qualiopi'], derivedLabels: ['organisme-formation'] });
  const rows = /^\s*[[{]/.test(text)
    ? jsonRecords(parseJson(text, name), ['records'], name).map((r, i) => {
        const f = (r.fields ?? r) as Record<string, unknown>;
        return {
          line: i + 1,
          siren: str(f.siren),
          nda: str(f.numerodeclarationactivite),
          certifications: str(f.certifications),
          date: frenchDate(str(f.informationsdeclarees_datedernieredeclaration)),
        };
      })
    : delimited(text, name, [
        'Numéro Déclaration Activité',
        'Code SIREN',
        'Certifications',
      ]).rows.map((r) => ({
        line: r.line,
        siren: r.get('Code SIREN'),
        nda: r.get('Numéro Déclaration Activité'),
        certifications: r.get('Certifications'),
        date: frenchDate(r.get('Date dernière déclaration')),
      }));
  for (const r of rows) {
    out.read++;
    const siren = cleanSiren(r.siren);
    if (!siren || !r.nda) {
      out.rejects.push({
        line: r.line,
        reason: `SIREN ou numéro de déclaration absent : « ${r.siren ?? ''} »`,
      });
      continue;
    }
    out.identifiers.push({
      siren,
      siret: null,
      kind: 'nda',
      identifier: r.nda,
      label: 'organisme-formation',
      date: r.date,
    });
    if (r.certifications) out.labels.push({ siren, label: 'qualiopi', date: r.date });
  }
  return out;
}

export const organismeFormationImporter = labelImporter(
  'organisme-formation',
  parseOrganismeFormation,
);
