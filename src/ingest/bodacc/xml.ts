/**
 * DILA BODACC XML issues, streamed notice by notice: the file is cut at each <avis>…</avis> and
 * each piece parsed on its own, so memory stays flat whatever the issue size. The root element
 * says which BODACC it is: RCS-A (creations, registrations, sales), PCL (judgments, also in
 * BODACC A), RCS-B (changes, strike-offs), BILAN (accounts filed, BODACC C). Every family maps to
 * the same Notice shape; the A family reader below is complete, B and C plug in beside it.
 */
import { XMLParser } from 'fast-xml-parser';
import { ImportError } from '../core/errors';
import { textChunks, type OpenedInput } from '../core/input';
import {
  first,
  correctedNoticeId,
  formatAddress,
  fromPerson,
  noticeTypeOf,
  personLabel,
  judgmentOf,
  node,
  str,
  type BodaccKind,
  type Node,
  type NoticeParts,
} from './notice';

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  // A notice may carry several establishments (a business sold with its branches): each kept.
  isArray: (name) => name === 'personne' || name === 'etablissement',
});

/** Windows-1252 characters at 0x80–0x9F, where Unicode has C1 controls. */
const CP1252: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};
const MARKUP: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Decodes the numeric character references of a piece of BODACC XML (`&#233;`, `&#xE9;`), which
 * the parser leaves as text. A reference to a C1 control (U+0080–U+009F) is no character of a
 * name: it is a byte of mis-encoded text. When it repeats the last UTF-8 byte of the character
 * before it (« ORÏ&#x8f;GIN »: Ï is C3 8F, the 8F written again as a reference), it is dropped;
 * otherwise it is read as Windows-1252 (`&#x92;` → ’), or dropped when that code is unassigned.
 * The five markup characters stay escaped, for the parser.
 */
export function decodeCharRefs(xml: string): string {
  if (!xml.includes('&#')) return xml;
  return xml.replace(/&#(x[0-9a-fA-F]{1,6}|[0-9]{1,7});/g, (ref, code: string, at: number) => {
    const cp = code[0] === 'x' ? parseInt(code.slice(1), 16) : parseInt(code, 10);
    if (cp >= 0x80 && cp <= 0x9f) {
      const before = xml.slice(Math.max(0, at - 2), at);
      const prev = [...before].at(-1);
      const bytes = prev ? Buffer.from(prev, 'utf8') : Buffer.alloc(0);
      if (bytes.length > 1 && bytes[bytes.length - 1] === cp) return '';
      return CP1252[cp] ?? '';
    }
    if (
      cp > 0x10ffff ||
      (cp >= 0xd800 && cp <= 0xdfff) ||
      (cp < 0x20 && cp !== 9 && cp !== 10 && cp !== 13)
    )
      return ref;
    const ch = String.fromCodePoint(cp);
    return MARKUP[ch] ?? ch;
  });
}

export type Issue = {
  root: string;
  kind: BodaccKind;
  parution: string | null;
  date: string | null;
};

function kindOfRoot(root: string): BodaccKind | null {
  const r = root.toUpperCase();
  if (r.startsWith('RCS-A') || r.startsWith('PCL')) return 'A';
  if (r.startsWith('RCS-B')) return 'B';
  if (r.startsWith('BILAN') || r.startsWith('RCS-C') || r.startsWith('DIV')) return 'C';
  return null;
}

const FAMILY_OF_ACTE: Array<[string, string]> = [
  ['creation', 'creation'],
  ['immatriculation', 'immatriculation'],
  ['vente', 'vente'],
  ['modification', 'modification'],
  ['radiation', 'radiation'],
  ['depot', 'depot-comptes'],
];

/** One <avis> of any family → the notice and what it says. */
export function readAvis(avis: Node, issue: Issue): NoticeParts | { reason: string } {
  const number = str(avis.numeroAnnonce);
  if (!number) return { reason: 'numeroAnnonce absent' };
  if (!issue.parution || !issue.date)
    return { reason: 'numéro ou date de parution absents de l’en-tête' };
  const acte = node(avis.acte) ?? {};
  const [actKey, family] = FAMILY_OF_ACTE.find(([k]) => k in acte) ?? [
    null,
    issue.root.startsWith('PCL') ? 'procedure-collective' : 'autre',
  ];
  const act = actKey ? (node(acte[actKey]) ?? {}) : {};
  const etabs = ((avis.etablissement as unknown[]) ?? []).map(node).filter((e): e is Node => !!e);
  const etab = etabs[0] ?? null;
  const activities = [
    ...new Set(etabs.map((e) => str(e.activite)).filter((a): a is string => !!a)),
  ];
  const activity = activities.join(' ; ') || str(act.activite);
  const persons = (avis.personnes && (node(avis.personnes)?.personne as unknown[])) || [];
  const person = first(persons);
  const court = str(avis.tribunal);
  const parts = fromPerson(person, { source: 'bodacc', date: issue.date, activity, court });
  const pm = node(person?.personneMorale);
  const pp = node(person?.personnePhysique);
  const jugement = judgmentOf(node(avis.jugement));
  const typeLabel =
    str(act.categorieCreation) ??
    str(act.categorieVente) ??
    str(act.categorieImmatriculation) ??
    str(act.categorieModification) ??
    jugement?.nature ??
    null;
  const noticeType = noticeTypeOf(Object.keys(node(avis.typeAnnonce) ?? {})[0] ?? null);
  const previous = node(avis.parutionAvisPrecedent);
  const correctsId = correctedNoticeId(
    str(previous?.nomPublication),
    str(previous?.numeroParution),
    str(previous?.numeroAnnonce),
  );
  const address = formatAddress(node(person?.adresse));
  const capital = node(person?.capital);
  const journal = node(act.journal);
  const previousOwners = [
    node(etab?.precedentProprietairePM),
    node(etab?.precedentProprietairePP),
    node(etab?.precedentExploitantPM),
    node(etab?.precedentExploitantPP),
    node(act.precedentProprietairePM),
    node(act.precedentProprietairePP),
    node(act.precedentExploitantPM),
    node(act.precedentExploitantPP),
  ].filter((x): x is Node => !!x);
  const lines = [
    noticeType === 'rectificatif' &&
      previous &&
      `Rectificatif de l'annonce n° ${str(previous.numeroAnnonce) ?? '?'} du ${str(previous.nomPublication) ?? 'BODACC'} n° ${str(previous.numeroParution) ?? '?'} du ${str(previous.dateParution) ?? '?'}`,
    noticeType === 'annulation' &&
      previous &&
      `Annulation de l'annonce n° ${str(previous.numeroAnnonce) ?? '?'} du ${str(previous.nomPublication) ?? 'BODACC'} n° ${str(previous.numeroParution) ?? '?'} du ${str(previous.dateParution) ?? '?'}`,
    parts.name && `${pp ? 'Nom' : 'Dénomination'} : ${parts.name}`,
    str(pp?.nomUsage) && `Nom d'usage : ${str(pp?.nomUsage)}`,
    str(pp?.pseudonyme) && `Pseudonyme : ${str(pp?.pseudonyme)}`,
    (str(pm?.nomCommercial) ?? str(pp?.nomCommercial)) &&
      `Nom commercial : ${str(pm?.nomCommercial) ?? str(pp?.nomCommercial)}`,
    str(pm?.sigle) && `Sigle : ${str(pm?.sigle)}`,
    str(pm?.formeJuridique) && `Forme : ${str(pm?.formeJuridique)}`,
    str(capital?.montantCapital) &&
      `Capital : ${str(capital?.montantCapital)} ${str(capital?.devise) ?? ''}`.trim(),
    str(capital?.capitalVariable) && `Capital variable : ${str(capital?.capitalVariable)}`,
    address && `Adresse : ${address}`,
    ...etabs.flatMap((e) => [
      str(e.qualiteEtablissement) && `Établissement : ${str(e.qualiteEtablissement)}`,
      str(e.enseigne) && `Enseigne : ${str(e.enseigne)}`,
      formatAddress(node(e.adresse)) &&
        `Adresse de l'établissement : ${formatAddress(node(e.adresse))}`,
      str(e.activite) && `Activité : ${str(e.activite)}`,
      str(e.origineFonds) && `Origine du fonds : ${str(e.origineFonds)}`,
    ]),
    !etabs.length && activity && `Activité : ${activity}`,
    ...previousOwners.map((o) => `Précédent propriétaire ou exploitant : ${personLabel(o)}`),
    str(pm?.administration) && `Administration : ${str(pm?.administration)}`,
    str(act.dateImmatriculation) && `Date d'immatriculation : ${str(act.dateImmatriculation)}`,
    str(act.dateCommencementActivite) &&
      `Commencement d'activité : ${str(act.dateCommencementActivite)}`,
    str(act.dateEffet) && `Date d'effet : ${str(act.dateEffet)}`,
    str(act.descriptif) && str(act.descriptif),
    journal &&
      `Publication légale : ${[str(journal.titre), str(journal.date) && `du ${str(journal.date)}`].filter(Boolean).join(' ')}`,
    str(act.opposition) && `Oppositions : ${str(act.opposition)}`,
    str(act.declarationCreance) && `Déclaration des créances : ${str(act.declarationCreance)}`,
    jugement?.nature &&
      `Jugement : ${jugement.nature}${jugement.complement ? ` — ${jugement.complement}` : ''}`,
  ].filter((x): x is string => typeof x === 'string' && x.length > 0);
  return {
    notice: {
      id: `${issue.kind}${issue.parution}${number}`,
      siren: parts.siren,
      kind: issue.kind,
      family,
      typeLabel,
      publishedAt: issue.date,
      issueNumber: issue.parution,
      noticeNumber: number,
      court,
      companyName: parts.name,
      text: lines.join('\n'),
      noticeType,
      correctsId,
      extra: avis,
      details: {
        typeAnnonce: Object.keys(node(avis.typeAnnonce) ?? {})[0] ?? null,
        nojo: str(avis.nojo),
        departement: str(avis.numeroDepartement),
        formeJuridique: str(pm?.formeJuridique),
        adresse: address,
        adresseEtablissement: formatAddress(node(etab?.adresse)),
        nomCommercial: str(pm?.nomCommercial) ?? str(pp?.nomCommercial),
        dateCommencementActivite: str(act.dateCommencementActivite),
        dateImmatriculation: str(act.dateImmatriculation),
      },
    },
    company:
      parts.company && family === 'radiation'
        ? { ...parts.company, fields: { ...parts.company.fields, rcs_strike_off_date: issue.date } }
        : parts.company,
    directors: parts.directors,
    judgment: jugement,
    directorRejects: parts.directorRejects,
  };
}

/** Yields each <avis> with its line number, after reading the issue header. */
export async function* xmlNotices(
  input: OpenedInput,
): AsyncGenerator<{ line: number; parts: NoticeParts | { reason: string } }> {
  let buf = '';
  let issue: Issue | null = null;
  let lineBase = 1;
  for await (const chunk of textChunks(input)) {
    buf += chunk;
    if (!issue) {
      const lt = buf.indexOf('<listeAvis');
      if (lt < 0) {
        if (buf.length > 1 << 20)
          throw new ImportError(`${input.name} : en-tête BODACC introuvable (<listeAvis> absent).`);
        continue;
      }
      const head = buf.slice(0, lt);
      const root = /<([A-Za-z][\w.-]*)[\s>]/.exec(head.replace(/<\?xml[^>]*\?>/, ''))?.[1];
      if (!root) throw new ImportError(`${input.name} n'est pas un document XML BODACC.`);
      const kind = kindOfRoot(root);
      if (!kind)
        throw new ImportError(
          `${input.name} : élément racine « ${root} » inconnu ; attendu un numéro du BODACC (RCS-A_IMMAT, PCL, RCS-B_REDIFF, BILAN…).`,
        );
      issue = {
        root,
        kind,
        parution: /<parution>\s*([^<]+?)\s*<\/parution>/.exec(head)?.[1] ?? null,
        date: /<dateParution>\s*([^<]+?)\s*<\/dateParution>/.exec(head)?.[1] ?? null,
      };
    }
    for (;;) {
      const start = buf.indexOf('<avis>');
      if (start < 0) break;
      const end = buf.indexOf('</avis>', start);
      if (end < 0) break;
      lineBase += countLines(buf, 0, start);
      const xml = buf.slice(start, end + 7);
      const line = lineBase;
      lineBase += countLines(xml, 0, xml.length);
      buf = buf.slice(end + 7);
      let parsed: Node;
      try {
        parsed = parser.parse(decodeCharRefs(xml)) as Node;
      } catch (e) {
        yield { line, parts: { reason: `XML mal formé : ${(e as Error).message.split('\n')[0]}` } };
        continue;
      }
      yield { line, parts: readAvis(node(parsed.avis) ?? {}, issue) };
    }
  }
  if (!issue)
    throw new ImportError(
      `${input.name} n'est pas un numéro du BODACC au format XML (aucun <listeAvis>).`,
    );
  if (!/<\/listeAvis>/.test(buf))
    throw new ImportError(`${input.name} est tronqué : la fin du document (</listeAvis>) manque.`);
}

function countLines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
