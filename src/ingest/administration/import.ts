/**
 * `est_administration`: not an upstream dataset but rules over SIRENE, with the rule tables the
 * Annuaire des Entreprises team keeps (search-infra helpers/labels, shipped in
 * data/samples/administration_labels/current). Each table file imported is stored in
 * `reference_codes` (kind `administration:<file name>`), then the label is recomputed for every
 * company, in this order (data_enrichment.is_administration):
 *  1. no legal form → no; 2. SIREN in the blacklist → no; 3. closed (C) → no;
 *  4. SIREN in the whitelist or among the LOLF operators → yes;
 *  5. otherwise yes exactly when the legal form is in administration_natures_juridiques.
 * The same recomputation runs after each daily import (src/ingest/labels-daily.ts).
 */
import path from 'node:path';
import { ImportError } from '../core/errors';
import type { Conn } from '../core/conn';
import { parseJson, readSourceText, todayIso, writeLabelSet } from '../core/labels';
import type { ImportContext, Importer } from '../core/run';

export const ADMINISTRATION_TABLES = [
  'administration_natures_juridiques',
  'administration_blacklist',
  'administration_whitelist',
  'operateurs_lolf',
  'administration_etat_natures_juridiques',
  'collectivite_natures_juridiques',
  'espace_agent_siren_whitelist',
  'spa_natures_juridiques',
] as const;

/** The SIRENs the rules make administrations, from the stored tables. */
async function administrations(conn: Conn): Promise<string[]> {
  const rows = await conn.query<{ siren: string }>(
    `SELECT c.siren FROM companies c
      WHERE c.legal_form_code IS NOT NULL AND c.status <> 'C'
        AND NOT EXISTS (SELECT 1 FROM reference_codes r
                         WHERE r.kind = 'administration:administration_blacklist' AND r.code = c.siren)
        AND (EXISTS (SELECT 1 FROM reference_codes r
                      WHERE r.kind IN ('administration:administration_whitelist', 'administration:operateurs_lolf')
                        AND r.code = c.siren)
             OR EXISTS (SELECT 1 FROM reference_codes r
                         WHERE r.kind = 'administration:administration_natures_juridiques'
                           AND r.code = c.legal_form_code))`,
  );
  return rows.map((r) => r.siren);
}

/** Recomputes the label `administration` for every company (after SIRENE changed, or a table). */
export async function recomputeAdministration(ctx: ImportContext): Promise<void> {
  const [ready] = await ctx.conn.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reference_codes WHERE kind = 'administration:administration_natures_juridiques'`,
  );
  // Without the legal forms' table every company would lose the label: nothing to compute yet.
  if (!ready?.n) return;
  const sirens = await administrations(ctx.conn);
  await writeLabelSet(
    ctx,
    'administration',
    { labels: sirens.map((siren) => ({ siren, label: 'administration' })), identifiers: [] },
    { labels: ['administration'] },
    todayIso(),
  );
}

export const administrationImporter: Importer = {
  zipEntries: ['.json'],
  async run(ctx) {
    const name = ctx.input.entryName ?? ctx.input.name;
    const table = path.basename(name).replace(/\.json$/i, '');
    if (!(ADMINISTRATION_TABLES as readonly string[]).includes(table))
      throw new ImportError(
        `${name} : table de règles attendue (${ADMINISTRATION_TABLES.map((t) => `${t}.json`).join(', ')}).`,
      );
    const doc = parseJson(await readSourceText(ctx.input), name);
    if (!doc || typeof doc !== 'object' || Array.isArray(doc))
      throw new ImportError(`${name} : objet { code: libellé } attendu.`);
    const kind = `administration:${table}`;
    const entries = Object.entries(doc as Record<string, unknown>).filter(([code]) =>
      /^\w+$/.test(code),
    );
    ctx.read += entries.length;
    await ctx.conn.query(`DELETE FROM reference_codes WHERE kind = $1`, [kind]);
    if (entries.length)
      await ctx.conn.query(
        `INSERT INTO reference_codes (kind, code, label)
         SELECT $1, unnest($2::text[]), unnest($3::text[])`,
        [kind, entries.map(([c]) => c), entries.map(([, l]) => String(l ?? '').trim() || '—')],
      );
    ctx.count('reference_codes', { inserted: entries.length, updated: 0, unchanged: 0 });
    await recomputeAdministration(ctx);
  },
};
