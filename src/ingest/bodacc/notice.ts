/**
 * The domain shape of one BODACC notice, whatever the upstream format (DILA XML or the
 * OpenDataSoft JSON of the BODACC API), and what it says about the company.
 */
import { legalFormCodeFromText } from '@/domain/legal-forms';
import { personKey } from '@/domain/person';
import { parseSiren } from '@/domain/siren';
import type { DirectorRow } from '../core/directors-writer';
import type { CompanyPatch } from '../core/merge';
import { companyDirector } from '../core/directors';
import { parseAdministration } from './administration';
import { judgmentState } from './judgments';

export type BodaccKind = 'A' | 'B' | 'C';

export type Notice = {
  id: string;
  siren: string | null;
  kind: BodaccKind;
  family: string;
  typeLabel: string | null;
  publishedAt: string;
  issueNumber: string | null;
  noticeNumber: string | null;
  court: string | null;
  companyName: string | null;
  text: string;
  details: Record<string, unknown>;
  /** 'annonce', 'rectificatif' or 'annulation'. */
  noticeType: string | null;
  /** The notice a correction or cancellation applies to (same id form as ours). */
  correctsId: string | null;
  /** Every field of the notice as the source gives it. */
  extra: Record<string, unknown>;
};

export type Judgment = {
  nature: string | null;
  date: string | null;
  complement: string | null;
  state: string | null;
};

export type NoticeParts = {
  notice: Notice;
  company: CompanyPatch | null;
  directors: DirectorRow[] | null;
  judgment: Judgment | null;
  /** Pieces of <administration> that could not be read, with their reason. */
  directorRejects: Array<{ text: string; reason: string }>;
};

/** Any XML/JSON node as a loose record. */
export type Node = Record<string, unknown>;
export const str = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'object' && '#text' in (v as Node)) return str((v as Node)['#text']);
  return null;
};
export const node = (v: unknown): Node | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : null;
export const first = (v: unknown): Node | null => (Array.isArray(v) ? node(v[0]) : node(v));

/** XML `typeAnnonce` child or JSON `typeavis`: annonce, rectificatif, annulation. */
export function noticeTypeOf(raw: string | null): string | null {
  const t = (raw ?? '').toLowerCase();
  if (!t) return null;
  if (t.startsWith('rectif')) return 'rectificatif';
  if (t.startsWith('annul')) return 'annulation';
  if (t.startsWith('annonce') || t === 'creation') return 'annonce';
  return t;
}

/**
 * The id of the notice a correction points at (`parutionAvisPrecedent`): publication letter +
 * issue number + notice number, the same form as our ids and the BODACC API's.
 */
export function correctedNoticeId(
  publication: string | null,
  issue: string | null,
  number: string | null,
): string | null {
  const letter = /BODACC\s*([ABC])\b/i.exec(publication ?? '')?.[1]?.toUpperCase();
  if (!letter || !issue || !number || !/^\d+$/.test(issue) || !/^\d+$/.test(number)) return null;
  return `${letter}${issue}${number}`;
}

/**
 * A natural person's first names as one usually writes them: BODACC lists them comma-separated
 * ("Hugo, David, Théo"); the site prints "Hugo David Théo".
 */
export function firstNamesOf(raw: string | null): string | null {
  if (!raw) return null;
  const v = raw
    .split(/\s*,\s*|\s+/)
    .filter(Boolean)
    .join(' ');
  return v || null;
}

/** A natural person's display name, as elsewhere on the site: first names, then the NAME. */
export function personDisplayName(first: string | null, last: string | null): string | null {
  return [firstNamesOf(first), last ? last.toUpperCase() : null].filter(Boolean).join(' ') || null;
}

/** A previous owner or operator (PM: denomination; PP: names), for a notice's text. */
export function personLabel(o: Node): string {
  const immat = str(node(o.numeroImmatriculation)?.numeroIdentification);
  const name =
    str(o.denomination) ??
    personDisplayName(str(o.prenom), str(o.nomUsage) ?? str(o.nom)) ??
    'non précisé';
  return immat ? `${name} (${immat})` : name;
}

export function formatAddress(a: Node | null): string | null {
  if (!a) return null;
  const fr = node(a.france) ?? a;
  const parts = [
    str(fr.numeroVoie),
    str(fr.typeVoie),
    str(fr.nomVoie),
    str(fr.complGeographique),
    str(fr.localite),
    str(fr.BP),
    [str(fr.codePostal), str(fr.ville)].filter(Boolean).join(' '),
    str(node(a.etranger)?.adresse),
    str(node(a.etranger)?.pays),
  ].filter((x) => x);
  return parts.length ? parts.join(' ') : null;
}

/**
 * A notice's address as the site's address parts (src/domain/diffusion.ts AddressParts): XML
 * `adresse` (`france` or `etranger`) or the API's `adresseSiegeSocial`. null when it says nothing.
 */
export function addressParts(a: Node | null): Record<string, string | null> | null {
  if (!a) return null;
  const fr = node(a.france) ?? (node(a.etranger) ? null : a);
  const abroad = node(a.etranger);
  const parts = {
    addressNumber: str(fr?.numeroVoie),
    addressRepetition: null,
    addressStreetType: str(fr?.typeVoie),
    addressStreet: str(fr?.nomVoie),
    addressComplement:
      [str(fr?.complGeographique), str(fr?.localite)].filter(Boolean).join(' ') || null,
    addressPostBox: str(fr?.BP),
    postcode: str(fr?.codePostal),
    communeCode: null,
    communeName: str(fr?.ville),
    cedex: null,
    foreignCity: str(abroad?.adresse),
    foreignCountry: str(abroad?.pays),
  };
  return Object.values(parts).some((v) => v !== null) ? parts : null;
}

/** Company, directors and judgment from the <personne> of a notice (XML) or listepersonnes (JSON). */
export function fromPerson(
  person: Node | null,
  meta: { source: 'bodacc'; date: string; activity: string | null; court: string | null },
): Pick<NoticeParts, 'company' | 'directors' | 'directorRejects'> & {
  siren: string | null;
  name: string | null;
} {
  const empty = { company: null, directors: null, directorRejects: [], siren: null, name: null };
  if (!person) return empty;
  const pm = node(person.personneMorale) ?? (str(person.typePersonne) === 'pm' ? person : null);
  const pp = node(person.personnePhysique) ?? (str(person.typePersonne) === 'pp' ? person : null);
  const immat =
    node(pm?.numeroImmatriculation) ??
    node(pp?.numeroImmatriculation) ??
    node(person.numeroImmatriculation);
  const siren = parseSiren(str(immat?.numeroIdentification));
  const capital = node(person.capital) ?? node(pm?.capital);
  const amount = str(capital?.montantCapital);
  const fields: CompanyPatch['fields'] = {};
  let name: string | null = null;
  if (pm) {
    name = str(pm.denomination);
    fields.name = name;
    fields.legal_form_code = legalFormCodeFromText(str(pm.formeJuridique));
    if (str(pm.sigle)) fields.sigle = str(pm.sigle);
    // A legal person's address in a notice is its registered office (siège).
    const office = addressParts(node(person.adresse) ?? node(person.adresseSiegeSocial));
    if (office) fields.head_office_address = office;
  } else if (pp) {
    const last = str(pp.nom);
    const firstNames = firstNamesOf(str(pp.prenom));
    const usage = str(pp.nomUsage);
    name = personDisplayName(firstNames, usage ?? last);
    fields.is_natural_person = true;
    fields.last_name = last;
    fields.first_names = firstNames;
    fields.usage_name = usage;
    fields.name = name;
  }
  if (amount && /^\d+(\.\d+)?$/.test(amount)) {
    fields.capital_amount = Number(amount);
    fields.capital_currency = str(capital?.devise) ?? 'EUR';
  }
  const court = str(immat?.nomGreffeImmat);
  if (court) fields.rcs_court = court;
  if (meta.activity) fields.activity_description = meta.activity;
  const company: CompanyPatch | null = siren
    ? { siren, source: 'bodacc', date: meta.date, fields }
    : null;

  let directors: DirectorRow[] | null = null;
  const rejects: NoticeParts['directorRejects'] = [];
  const admin = str(pm?.administration);
  if (admin && siren) {
    const parsed = parseAdministration(admin);
    rejects.push(...parsed.rejects);
    directors = parsed.directors.map((d) =>
      d.kind === 'person'
        ? {
            kind: 'person',
            roleCode: d.roleCode,
            roleLabel: d.roleLabel,
            lastName: d.lastName,
            usageName: d.usageName,
            firstNames: d.firstNames,
            birthYear: null,
            birthMonth: null,
            nationality: null,
            directorSiren: null,
            companyName: null,
            startDate: null,
            personKey: personKey(d.lastName, d.firstNames, null, null),
          }
        : companyDirector({
            roleCode: d.roleCode,
            roleLabel: d.roleLabel,
            directorSiren: null,
            companyName: d.companyName,
          }),
    );
  }
  return { company, directors, directorRejects: rejects, siren, name };
}

export function judgmentOf(j: Node | null): Judgment | null {
  if (!j) return null;
  const nature = str(j.nature);
  const complement = str(j.complementJugement);
  return { nature, date: str(j.date), complement, state: judgmentState(nature, complement) };
}
