/**
 * Court judgments published in BODACC, mapped to insolvency states with the rules of
 * data/samples/labels/bodacc-jugement-rules.yml (annuaire-entreprises): the first rule whose
 * `nature` equals the judgment's nature (and whose `complement_contains`, if any, appears in the
 * complement) gives the state.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

type Rule = { nature: string; complement_contains?: string; statut: string };
let rules: Rule[] | null = null;

export function loadJudgmentRules(
  file = path.resolve(process.cwd(), 'data/samples/labels/bodacc-jugement-rules.yml'),
): Rule[] {
  if (!rules) {
    const doc = parse(readFileSync(file, 'utf8')) as { procedure_collective_rules: Rule[] };
    rules = doc.procedure_collective_rules;
  }
  return rules;
}

const fold = (s: string) =>
  s.normalize('NFC').replace(/[’]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();

export function judgmentState(
  nature: string | null | undefined,
  complement: string | null | undefined,
): string | null {
  if (!nature) return null;
  const n = fold(nature);
  const c = fold(complement ?? '');
  for (const r of loadJudgmentRules()) {
    if (fold(r.nature) !== n) continue;
    if (r.complement_contains && !c.includes(fold(r.complement_contains))) continue;
    return r.statut;
  }
  return null;
}
