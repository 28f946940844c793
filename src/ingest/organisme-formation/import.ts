/**
 * DGEFP « liste publique des organismes de formation » (liste-publique-des-of-v2): the CSV export
 * with labels (`Numéro Déclaration Activité`, `Code SIREN`, `Certifications`) or its records API
 * (`{records: [{fields: {numerodeclarationactivite, siren, certifications}}]}`). Per SIREN the
 * declaration numbers (identifiers `nda`, label `organisme-formation`), and `qualiopi` when one of
 * its rows has a certification.
 */
import {
  cleanSiren,
  frenchDate,
  jsonOrDelimited,
  labelImporter,
  parseRows,
  str,
} from '../core/labels';

export function parseOrganismeFormation(text: string, name: string) {
  const rows = jsonOrDelimited(
    text,
    name,
    {
      keys: ['records'],
      fields: true,
      row: (f) => ({
        siren: str(f.siren),
        nda: str(f.numerodeclarationactivite),
        certifications: str(f.certifications),
        date: frenchDate(str(f.informationsdeclarees_datedernieredeclaration)),
      }),
    },
    {
      required: ['Numéro Déclaration Activité', 'Code SIREN', 'Certifications'],
      row: (r) => ({
        siren: r.get('Code SIREN'),
        nda: r.get('Numéro Déclaration Activité'),
        certifications: r.get('Certifications'),
        date: frenchDate(r.get('Date dernière déclaration')),
      }),
    },
  );
  const scope = { labels: ['qualiopi'], derivedLabels: ['organisme-formation'] };
  return parseRows(scope, rows, (r, out) => {
    const siren = cleanSiren(r.siren);
    if (!siren || !r.nda) return `SIREN ou numéro de déclaration absent : « ${r.siren ?? ''} »`;
    out.identifiers.push({
      siren,
      siret: null,
      kind: 'nda',
      identifier: r.nda,
      label: 'organisme-formation',
      date: r.date,
    });
    if (r.certifications) out.labels.push({ siren, label: 'qualiopi', date: r.date });
  });
}

export const organismeFormationImporter = labelImporter(
  'organisme-formation',
  parseOrganismeFormation,
);
