/**
 * Registry court names as the sources write them ("GREFFE DU TRIBUNAL DE COMMERCE DE PARIS",
 * "Greffe du Tribunal de Commerce de paris", "GAAAreffe du Tribunal…", "POINTE A PITRE",
 * "bernay") made into the one French form the site prints.
 */

const SMALL = new Set([
  'à',
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'sur',
  'sous',
  'en',
  'et',
  'aux',
  'au',
]);
/** Overseas towns the registries write without their hyphens and accents. */
const KNOWN: Record<string, string> = {
  'POINTE A PITRE': 'Pointe-à-Pitre',
  'POINTE-A-PITRE': 'Pointe-à-Pitre',
  'BASSE TERRE': 'Basse-Terre',
  'FORT DE FRANCE': 'Fort-de-France',
  'SAINT DENIS': 'Saint-Denis',
  'SAINT PIERRE': 'Saint-Pierre',
};

/** A town name in its usual case: "paris" → "Paris", "BOURG-EN-BRESSE" → "Bourg-en-Bresse". */
export function townName(raw: string | null | undefined): string | null {
  const v = (raw ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!v) return null;
  const known = KNOWN[v.toUpperCase()];
  if (known) return known;
  // Already in mixed case ("Aix-en-Provence", "Mâcon"): kept as written.
  if (v !== v.toUpperCase() && v !== v.toLowerCase() && /^\p{Lu}/u.test(v)) return v;
  let first = true;
  return v
    .toLowerCase()
    .split(/([\s-]+|')/)
    .map((w) => {
      if (!w.trim() || /^[\s-]+$/.test(w) || w === "'") return w;
      const out = !first && SMALL.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1);
      first = false;
      return out;
    })
    .join('')
    .replace(
      /\b(D|L)'(\p{L})/gu,
      (_, a: string, b: string) => `${a.toLowerCase()}'${b.toUpperCase()}`,
    )
    .replace(/^(d|l)'/, (m) => m.toUpperCase());
}

const KINDS: Array<[RegExp, string]> = [
  [/tribunal\s+mixte\s+de\s+commerce/i, 'tribunal mixte de commerce'],
  [/tribunal\s+des\s+activit[ée]s\s+[ée]conomiques/i, 'tribunal des activités économiques'],
  [/tribunal\s+de\s+commerce/i, 'tribunal de commerce'],
  [/tribunal\s+judiciaire/i, 'tribunal judiciaire'],
  [/tribunal\s+d'instance/i, "tribunal d'instance"],
  [/tribunal\s+de\s+grande\s+instance/i, 'tribunal de grande instance'],
];

/** "de Paris", "d'Annecy", "du Mans": the preposition before a town. */
function ofTown(town: string): string {
  if (/^le\s/i.test(town)) return `du ${town.slice(3)}`;
  if (/^les\s/i.test(town)) return `des ${town.slice(4)}`;
  return /^[aeiouyéèêâîôûh]/i.test(town) ? `d'${town}` : `de ${town}`;
}

export type Court = { kind: string; town: string | null; label: string };

/**
 * A court as a source names it, or a bare town (the registry of immatriculation): kind, town and
 * the label "Greffe du tribunal de commerce de Paris". Null when nothing can be read.
 */
export function parseCourt(raw: string | null | undefined): Court | null {
  const v = (raw ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!v) return null;
  const kind = KINDS.find(([re]) => re.test(v));
  if (!kind) {
    // A bare town, possibly with a leftover preposition ("de paris").
    const town = townName(v.replace(/^(de|du|d')\s*/i, ''));
    return town
      ? {
          kind: 'tribunal de commerce',
          town,
          label: `Greffe du tribunal de commerce ${ofTown(town)}`,
        }
      : null;
  }
  const after = v.slice(v.search(kind[0]) + (kind[0].exec(v)?.[0].length ?? 0)).trim();
  const m = /^(?:de\s+la\s+|de\s+l'|de\s+|d'|du\s+|des\s+)?(.*)$/i.exec(after);
  let townRaw = m?.[1]?.trim() ?? '';
  if (/^du\s/i.test(after)) townRaw = `LE ${townRaw}`.toUpperCase();
  if (/^des\s/i.test(after)) townRaw = `LES ${townRaw}`.toUpperCase();
  const town = townName(townRaw);
  return {
    kind: kind[1],
    town,
    label: town ? `Greffe du ${kind[1]} ${ofTown(town)}` : `Greffe du ${kind[1]}`,
  };
}
