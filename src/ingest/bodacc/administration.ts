/**
 * Directors from the free text of BODACC's <administration>. The registries write it in a few
 * ways, all met in the 2020 issues:
 *   "Gérant : DOST Sébastien Guy"                                      (SURNAME First names)
 *   "Gérant : BREARD Hugues, Julien, Stephane ; Gérant : FLOCH Isabelle" (";" between entries)
 *   "Président : Huet, Max, André, Directeur général : Taulet, Fanny, nom d'usage : Huet"
 *                                                                        (Surname, First, First)
 *   "Associé : VEYS, SALAMI Laetitia"                                   (BIRTH NAME, USAGE NAME First)
 *   "Président : GERGES Dalia né(e) MIKHAIL"                            (birth name after né(e))
 *   "Gérant, Associé indéfiniment responsable : CHAMPION Gaëtan"        (role with a comma)
 *   "Associé : NIKAIA STOCK EXCHANGE", "Président : MILIANE (SAS) représenté par BADEL Michel"
 *                                                                        (legal persons)
 *   "… : NICOLAS Philippe en fonction le 16 Septembre 2019"            (date of taking office)
 * Beneficial owners ("Bénéficiaire effectif") are not public: they are dropped, never returned.
 * A piece that cannot be read is returned as a reject with its reason.
 */
import allRoles from '../../../data/samples/labels/roles_dirigeants.json';
import { foldRole } from '@/domain/legal-forms';

export type ParsedDirector =
  | {
      kind: 'person';
      roleLabel: string;
      roleCode: string | null;
      lastName: string;
      usageName: string | null;
      firstNames: string | null;
      birthName: string | null;
    }
  | {
      kind: 'company';
      roleLabel: string;
      roleCode: string | null;
      companyName: string;
      representative: string | null;
    };

export type AdministrationResult = {
  directors: ParsedDirector[];
  rejects: Array<{ text: string; reason: string }>;
  beneficialOwnersDropped: number;
};

const fold = foldRole;

const ROLE_CODES = new Map<string, string>();
for (const [code, label] of Object.entries(allRoles as Record<string, string>))
  ROLE_CODES.set(fold(label), code);
const ROLE_ALIASES: Record<string, string> = {
  president: '73',
  'president de sas': '73',
  'directeur general': '53',
  gerant: '30',
  'co-gerant': '30',
  'gerant non associe': '30',
  'gerant associe': '30',
  cogerant: '30',
  'associe indefiniment responsable': '75',
  'associe indefiniment responsabie': '75',
  'gerant associe indefiniment responsable': '29',
  'gerant, associe indefiniment responsable': '29',
  'co-gerant associe indefiniment responsable': '29',
  'gerant et associe indefiniment et solidairement responsable': '28',
  'associe indefiniment et solidairement responsable': '74',
  'commissaire aux comptes titulaire': '71',
  'commissaire aux comptes suppleant': '72',
  'associe unique': '41',
  'associe commandite': '131',
  'vice-president': '110',
  "president du conseil d'administration et directeur general": '60',
};

export function roleCodeOf(label: string): string | null {
  const f = fold(label);
  return ROLE_CODES.get(f) ?? ROLE_ALIASES[f] ?? null;
}

const BENEFICIAL = /^beneficiaire/;
const NOT_A_DIRECTOR = /^(modification|nouveau|partant|ancien)/;
const USAGE_KEY = /^nom d'usage$/;
/** "… nom d'usage" ending a text, with or without a comma before it. */
const USAGE_SUFFIX = /,?\s+nom d['’]usage\s*$/i;
/** "n'est plus gérant": a departure, not a director in office. */
const DEPARTED = /\bn['’]est plus\b/i;

/** Where a role label ends the text ("… De moucheron Associé indéfiniment responsable"), or null. */
function trailingRole(text: string): number | null {
  const words = [...text.matchAll(/\S+/g)];
  for (let i = 1; i < words.length; i++) {
    const suffix = words
      .slice(i)
      .map((w) => w[0])
      .join(' ');
    if (roleCodeOf(suffix) !== null) return words[i]!.index;
  }
  return null;
}

/** A role label: words, apostrophes, hyphens, parentheses; no digits. */
const LABEL_OK = /^[A-Za-zÀ-ÿ'’ ()/-]+(?:,\s*[A-Za-zÀ-ÿ'’ ()/-]+)*$/;

type Entry = { role: string; person: string; usage: string | null };

/** Splits the text into (role, person text) entries. */
function splitEntries(text: string): {
  entries: Entry[];
  rejects: AdministrationResult['rejects'];
} {
  const entries: Entry[] = [];
  const rejects: AdministrationResult['rejects'] = [];
  const segments = text
    .split(/\s*;\s*|\.\s+(?=[A-ZÉ][^:]{0,80}\s:)/)
    .map((s) => s.trim())
    .filter(Boolean);
  let lastRole: string | null = null;
  for (const seg of segments) {
    const colons: number[] = [];
    const re = /\s*:\s*/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(seg))) colons.push(m.index);
    if (colons.length === 0) {
      if (lastRole) entries.push({ role: lastRole, person: seg, usage: null });
      else rejects.push({ text: seg, reason: 'aucun rôle (« Rôle : Nom ») dans ce passage' });
      continue;
    }
    // Where each label starts: segment start for the first, the last comma before its colon after.
    let cursor = 0;
    let current: Entry | null = null;
    /** The text being read is the current entry's usage name (after "nom d'usage :"). */
    let inUsage = false;
    for (let k = 0; k < colons.length; k++) {
      const colon = colons[k]!;
      const colonEnd = seg.indexOf(':', colon) + 1;
      let labelStart = cursor;
      const next = k + 1 < colons.length ? colons[k + 1]! : seg.length;
      if (k > 0) {
        const comma = seg.lastIndexOf(',', colon);
        const between = seg.slice(cursor, colon);
        // "Gérant : CASIERES Angélique nom d'usage : BLED", the key not after a comma of its own.
        const usage = USAGE_SUFFIX.exec(between);
        if (
          usage &&
          current &&
          !inUsage &&
          !USAGE_KEY.test(fold(seg.slice(comma + 1, colon).trim()))
        ) {
          current.person = between.slice(0, usage.index).trim();
          current.usage = seg.slice(colonEnd, next).trim();
          inUsage = true;
          cursor = colonEnd;
          continue;
        }
        if (comma < cursor) {
          // "… nom d'usage : De moucheron Associé indéfiniment responsable : De Crepy Bénédicte":
          // the next role follows without a separator.
          const role = trailingRole(between);
          if (role === null || !current) {
            // "X : Y : Z" without a comma: keep it in the person text.
            continue;
          }
          const head = between.slice(0, role).trim();
          if (inUsage) current.usage = head;
          else current.person = head;
          labelStart = cursor + role;
        } else {
          labelStart = comma + 1;
          if (current && !inUsage) current.person = seg.slice(cursor, comma).trim();
          else if (current) current.usage = seg.slice(cursor, comma).trim();
        }
      }
      inUsage = false;
      const label = seg.slice(labelStart, colon).trim();
      const personText = seg.slice(colonEnd, next).trim();
      const named = k === 0 ? USAGE_SUFFIX.exec(` ${label}`) : null;
      // "TOURNOUD Alain nom d'usage : TOURNOUD devient gérant": the role comes after the name.
      const becomes = named ? /^(.+?)\s+devient\s+([^.]+?)\.?$/.exec(personText) : null;
      if (named && becomes) {
        const role = becomes[2]!.trim();
        current = {
          role: role.charAt(0).toUpperCase() + role.slice(1),
          person: ` ${label}`.slice(0, named.index).trim(),
          usage: becomes[1]!.trim(),
        };
        entries.push(current);
        lastRole = current.role;
        inUsage = true;
        cursor = colonEnd;
        continue;
      }
      if (named) {
        // "BASSINET Jacqueline nom d'usage : BEDROSSIAN n'est plus gérant": a name, no role.
        rejects.push({
          text: seg,
          reason: DEPARTED.test(seg)
            ? 'départ d’un dirigeant, pas un dirigeant en fonction'
            : 'aucun rôle (« Rôle : Nom ») dans ce passage',
        });
        current = null;
        break;
      }
      if (k > 0 && USAGE_KEY.test(fold(label))) {
        if (current) current.usage = personText.replace(/,\s*$/, '').trim();
        inUsage = true;
        cursor = colonEnd;
        // The usage name's own text ends where the next label starts.
        continue;
      }
      if (!label) {
        rejects.push({ text: seg, reason: 'rôle absent avant « : »' });
        current = null;
        break;
      }
      if (!LABEL_OK.test(label)) {
        rejects.push({ text: seg, reason: `libellé de rôle illisible : « ${label} »` });
        current = null;
        break;
      }
      current = { role: label, person: personText, usage: null };
      entries.push(current);
      lastRole = label;
      cursor = colonEnd;
    }
    // The last usage name runs to the end of the segment: "…, nom d'usage : Huet, …".
    if (current && current.usage !== null) current.usage = current.usage.split(',')[0]!.trim();
  }
  return { entries, rejects };
}

const UPPER_TOKEN = /^[A-ZÀ-ÖØ-Þ0-9][A-ZÀ-ÖØ-Þ0-9'’.&-]*$/;
const hasLower = (s: string) => /[a-zß-öø-ÿ]/.test(s);
const COMPANY_WORDS =
  /\b(SAS|SASU|SARL|EURL|(?<!\bD[AEO]S? )SA|SCI|SCP|SNC|SELARL|SELAS|SELAFA|SCM|GIE|HOLDING|AUDIT|CONSEILS?|EXPERTISE|COMPTABLE|SOCI[EÉ]T[EÉ]|STE|STÉ|GROUPE|FINANCE|INVEST(ISSEMENT)?S?|GESTION|CABINET|ASSOCI[EÉ]S|PARTNERS|COMPAGNIE|CIE|FIDUCIAIRE|INTERNATIONAL|FRANCE|COMMERCE|INDUSTRIE|CHAMBRE|BANQUE|CAPITAL|PATRIMOINE|IMMOBILI[EÈ]RE?|ENTREPRISE|SERVICES?|DEVELOPPEMENT|D[EÉ]VELOPPEMENT|CONSULTING|LIMITED|LTD|GMBH|INC|LLC|BV|SPA|SRL|AG)\b/i;
const LEGAL_FORM_PREFIX =
  /^(soci[ée]t[ée]|st[ée](?=[\s.])|sarl|sas|sa\b|association|fondation|groupement|cabinet|chambre|banque|caisse|commune|d[ée]partement|r[ée]gion|[ée]tablissement)/i;

/** Reads one person or legal-person text. */
export function parsePerson(
  role: string,
  raw: string,
  usage: string | null,
): ParsedDirector | { reason: string } {
  let text = raw
    .replace(
      /\s+(en fonction|modification|nomination|d[ée]mission)\s+(le|depuis le|au|du) .*$/i,
      '',
    )
    .replace(/[.,;\s]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const roleCode = roleCodeOf(role);
  if (!text) return { reason: 'nom absent après le rôle' };
  let representative: string | null = null;
  const rep = /\s+représenté(?:e)?(?:\s+\(e\))?\s+par\s+(.+)$/i.exec(text);
  if (rep) {
    representative = rep[1]!.trim();
    text = text.slice(0, rep.index).trim();
  }
  let birthName: string | null = null;
  const born = /\s+n[ée]e?(?:\(e\))?\s+(.+)$/.exec(text);
  if (born && !hasLower(born[1]!.replace(/\(e\)/, ''))) {
    birthName = born[1]!.trim();
    text = text.slice(0, born.index).trim();
  }
  const company = (): ParsedDirector => ({
    kind: 'company',
    roleLabel: role,
    roleCode,
    companyName: text,
    representative,
  });
  if (
    representative ||
    LEGAL_FORM_PREFIX.test(text) ||
    COMPANY_WORDS.test(text) ||
    /\(\w+\)/.test(text)
  )
    return company();

  const commaParts = text.split(/\s*,\s*/);
  const first = commaParts[0]!;
  const tokens = first.split(' ');
  // "Huet, Max, André": a surname in mixed case, first names after commas.
  if (
    commaParts.length > 1 &&
    hasLower(first) &&
    !tokens.some((t) => UPPER_TOKEN.test(t) && t.length > 1)
  ) {
    return {
      kind: 'person',
      roleLabel: role,
      roleCode,
      lastName: first,
      usageName: usage,
      firstNames: commaParts.slice(1).join(' ') || null,
      birthName,
    };
  }
  // "VEYS, SALAMI Laetitia": birth name, then usage name and first names.
  let lastName: string;
  let usageName = usage;
  let rest: string;
  if (commaParts.length > 1 && !hasLower(first)) {
    const after = commaParts.slice(1).join(', ');
    const t = after.split(' ');
    let n = 0;
    while (n < t.length && UPPER_TOKEN.test(t[n]!) && !hasLower(t[n]!)) n++;
    if (n === 0) {
      // "BREARD Hugues, Julien" was not this case; "LABI, Julie" is a surname then first names.
      lastName = first;
      rest = after;
    } else {
      lastName = first;
      usageName = usageName ?? t.slice(0, n).join(' ');
      rest = t.slice(n).join(' ');
    }
  } else {
    const all = text.split(' ');
    let n = 0;
    while (n < all.length && UPPER_TOKEN.test(all[n]!.replace(/,$/, '')) && !hasLower(all[n]!)) n++;
    if (n === 0) {
      // Mixed case without commas: "Kurt Erhan" is ambiguous, "DigitaLearning21" is a brand.
      if (/\d/.test(text) || all.length === 1) return company();
      lastName = all[0]!;
      rest = all.slice(1).join(' ');
    } else {
      lastName = all.slice(0, n).join(' ').replace(/,$/, '');
      rest = all.slice(n).join(' ');
    }
  }
  const firstNames = rest.replace(/\s*,\s*/g, ' ').trim() || null;
  if (!firstNames) {
    // Only capitals and no first name: a legal person's name ("NIKAIA STOCK EXCHANGE") when it has
    // several words or digits; a lone word is an incomplete person entry.
    // Natural persons always come with first names in BODACC: capitals alone name a legal person
    // ("BPCE", "NIKAIA STOCK EXCHANGE").
    if (/[A-Z]{2}/.test(lastName)) return company();
    return { reason: `prénom absent pour « ${lastName} » : personne ou société indiscernable` };
  }
  if (/\d/.test(firstNames)) return { reason: `chiffres dans les prénoms : « ${firstNames} »` };
  return { kind: 'person', roleLabel: role, roleCode, lastName, usageName, firstNames, birthName };
}

export function parseAdministration(text: string): AdministrationResult {
  const result: AdministrationResult = { directors: [], rejects: [], beneficialOwnersDropped: 0 };
  const { entries, rejects } = splitEntries(text.replace(/\u00a0/g, ' '));
  result.rejects.push(...rejects);
  for (const e of entries) {
    // "Gérant, Associé, Bénéficiaire Effectif": the beneficial-owner status is not public and is
    // removed from the role; an entry that is only a beneficial owner is dropped.
    const parts = e.role.split(/\s*,\s*/).filter((p) => !/sans correspondance/i.test(p));
    const kept = parts.filter((p) => !BENEFICIAL.test(fold(p)));
    if (kept.length < parts.length) result.beneficialOwnersDropped++;
    if (kept.length === 0) continue;
    e.role = kept.join(', ');
    const f = fold(e.role);
    if (DEPARTED.test(`${e.person} ${e.usage ?? ''}`)) {
      result.rejects.push({
        text: `${e.role} : ${e.person}`,
        reason: 'départ d’un dirigeant, pas un dirigeant en fonction',
      });
      continue;
    }
    if (NOT_A_DIRECTOR.test(f)) {
      result.rejects.push({
        text: `${e.role} : ${e.person}`,
        reason: `« ${e.role} » annonce un changement, pas un dirigeant`,
      });
      continue;
    }
    const p = parsePerson(e.role, e.person, e.usage);
    if ('reason' in p) result.rejects.push({ text: `${e.role} : ${e.person}`, reason: p.reason });
    else result.directors.push(p);
  }
  return result;
}
