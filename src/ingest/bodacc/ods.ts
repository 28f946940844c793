/**
 * BODACC notices as the OpenDataSoft API (bodacc-datadila, dataset annonces-commerciales) serves
 * them: `{records: [{fields: {...}}]}` (API v1), `{results: [...]}` (v2.1) or a bare array. The
 * nested parts (listepersonnes, jugement, depot, acte…) are JSON strings inside the record.
 */
import {
  correctedNoticeId,
  formatAddress,
  fromPerson,
  noticeTypeOf,
  judgmentOf,
  node,
  str,
  type BodaccKind,
  type Node,
  type NoticeParts,
} from './notice';

const FAMILY: Record<string, string> = {
  creation: 'creation',
  immatriculation: 'immatriculation',
  vente: 'vente',
  modification: 'modification',
  radiation: 'radiation',
  dpc: 'depot-comptes',
  collective: 'procedure-collective',
  conciliation: 'procedure-collective',
  retablissement_professionnel: 'procedure-collective',
};

function inner(v: unknown): Node | null {
  if (typeof v === 'string') {
    try {
      return node(JSON.parse(v));
    } catch {
      return null;
    }
  }
  return node(v);
}

export function odsRecords(doc: unknown): Node[] {
  if (Array.isArray(doc)) return doc.map((r) => node(node(r)?.fields) ?? node(r) ?? {});
  const d = node(doc) ?? {};
  if (Array.isArray(d.records)) return d.records.map((r) => node(node(r)?.fields) ?? node(r) ?? {});
  if (Array.isArray(d.results)) return d.results.map((r) => node(r) ?? {});
  return [];
}

export function readOdsRecord(f: Node): NoticeParts | { reason: string } {
  const id = str(f.id);
  const date = str(f.dateparution);
  const kind = str(f.publicationavis);
  if (!id) return { reason: 'identifiant de l’annonce (id) absent' };
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date))
    return { reason: `date de parution absente ou invalide : « ${date ?? ''} »` };
  if (kind !== 'A' && kind !== 'B' && kind !== 'C')
    return { reason: `publication inconnue : « ${kind ?? ''} » (A, B ou C attendu)` };
  const persons = inner(f.listepersonnes);
  const personList = persons?.personne;
  const person = Array.isArray(personList) ? node(personList[0]) : node(personList);
  const acte = inner(f.acte);
  const activity =
    str(node(acte?.etablissement)?.activite) ?? str(node(inner(f.etablissement))?.activite);
  const parts = fromPerson(person, { source: 'bodacc', date, activity, court: str(f.tribunal) });
  const siren = parts.siren ?? (str(f.registre)?.split(',')[0]?.replace(/\s/g, '') || null);
  const jugement = judgmentOf(inner(f.jugement));
  const depot = inner(f.depot);
  const modif = inner(f.modificationsgenerales);
  const radiation = inner(f.radiationaurcs);
  const family = FAMILY[str(f.familleavis) ?? ''] ?? str(f.familleavis) ?? 'autre';
  const noticeType = noticeTypeOf(str(f.typeavis));
  const previous = inner(f.parutionavisprecedent);
  const correctsId = correctedNoticeId(
    str(previous?.nomPublication),
    str(previous?.numeroParution),
    str(previous?.numeroAnnonce),
  );
  const headOffice = formatAddress(node(person?.adresseSiegeSocial));
  const etab = node(acte?.etablissement) ?? inner(f.etablissement);
  const etabAddress = formatAddress(node(etab?.adresse));
  // Every field of the record, its nested JSON strings parsed: nothing the source says is lost.
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f))
    extra[k] = typeof v === 'string' && /^[[{]/.test(v) ? (inner(v) ?? v) : v;
  const lines = [
    noticeType &&
      noticeType !== 'annonce' &&
      previous &&
      `${noticeType === 'annulation' ? 'Annulation' : 'Rectificatif'} de l'annonce n° ${str(previous.numeroAnnonce) ?? '?'} du ${str(previous.nomPublication) ?? 'BODACC'} n° ${str(previous.numeroParution) ?? '?'} du ${str(previous.dateParution) ?? '?'}`,
    str(f.commercant) && `Dénomination : ${str(f.commercant)}`,
    str(f.familleavis_lib) && `Nature : ${str(f.familleavis_lib)}`,
    str(person?.formeJuridique) && `Forme : ${str(person?.formeJuridique)}`,
    headOffice && `Adresse du siège : ${headOffice}`,
    etabAddress && `Adresse de l'établissement : ${etabAddress}`,
    activity && `Activité : ${activity}`,
    depot &&
      `Dépôt : ${[str(depot.typeDepot), str(depot.dateCloture) && `clôture au ${str(depot.dateCloture)}`].filter(Boolean).join(', ')}`,
    str(depot?.descriptif),
    str(modif?.descriptif),
    radiation &&
      `Radiation : ${str(radiation.radiationPM) ?? str(radiation.commentaire) ?? 'radiation du RCS'}`,
    jugement?.nature &&
      `Jugement : ${jugement.nature}${jugement.complement ? ` — ${jugement.complement}` : ''}`,
  ].filter((x): x is string => typeof x === 'string' && x.length > 0);
  return {
    notice: {
      id,
      siren: siren && /^\d{9}$/.test(siren) ? siren : null,
      kind: kind as BodaccKind,
      family,
      typeLabel: str(f.familleavis_lib),
      publishedAt: date,
      issueNumber: str(f.parution),
      noticeNumber: str(f.numeroannonce),
      court: str(f.tribunal),
      companyName: str(f.commercant) ?? parts.name,
      text: lines.join('\n'),
      noticeType,
      correctsId,
      extra,
      details: {
        typeAvis: str(f.typeavis),
        ville: str(f.ville),
        codePostal: str(f.cp),
        departement: str(f.numerodepartement),
        url: str(f.url_complete),
        depot: depot ?? undefined,
      },
    },
    // BODACC B/C company parts carry no activity nor capital of note; keep the name and court.
    company:
      parts.company && family === 'radiation'
        ? { ...parts.company, fields: { ...parts.company.fields, rcs_strike_off_date: date } }
        : parts.company,
    directors: parts.directors,
    judgment: jugement,
    directorRejects: parts.directorRejects,
  };
}
