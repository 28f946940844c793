/**
 * npx tsx bench/diffusion-rule.ts [-- --companies 500000 --rounds 2]
 *
 * What the partial-diffusion triggers (drizzle/0012_diffusion_most_restrictive.sql) cost the
 * SIRENE import on PostgreSQL (DATABASE_URL): the same synthetic stock (legal units, then
 * establishments, then the establishments again through the upsert path) loaded into a database
 * with the triggers and into one without, alternately. Prints seconds per step; asserts nothing.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { createTestDb } from '../src/db/testing';
import { importFile } from '../src/ingest/core/run';
import { generateSirene } from '../src/ingest/generate/sirene';
import { etablissementImporter } from '../src/ingest/sirene/etablissement';
import { uniteLegaleImporter } from '../src/ingest/sirene/unite-legale';
import { withConn } from '../src/ingest/core/conn';

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? def) : def;
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (PostgreSQL) requis');
  const companies = Number(arg('companies', '500000'));
  const rounds = Number(arg('rounds', '2'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-diffusion-'));
  await generateSirene(dir, { companies });
  const ul = `${dir}/StockUniteLegale_SYNTHETIQUE_${companies}.csv`;
  const et = `${dir}/StockEtablissement_SYNTHETIQUE_${companies}.csv`;
  console.log(
    `${os.cpus().length} cœurs, ${companies} unités légales (3 % en diffusion partielle)`,
  );
  for (let round = 1; round <= rounds; round++) {
    for (const triggers of round % 2 ? [false, true] : [true, false]) {
      const db = await createTestDb();
      try {
        if (!triggers)
          await withConn(db, (c) =>
            c.query(`DROP TRIGGER establishments_restrict_unit ON establishments;
                     DROP TRIGGER companies_restrict_new_unit ON companies;
                     DROP TRIGGER companies_keep_restriction ON companies;`),
          );
        const opts = { progress: 'off' as const };
        const t0 = performance.now();
        await importFile(db, 'sirene-ul', uniteLegaleImporter, ul, opts);
        const t1 = performance.now();
        const se = await importFile(db, 'sirene-etab', etablissementImporter, et, opts);
        console.log(JSON.stringify(se.phases));
        const t2 = performance.now();
        await importFile(db, 'sirene-etab', etablissementImporter, et, {
          ...opts,
          directLoad: false,
        });
        const t3 = performance.now();
        const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
        console.log(
          `tour ${round} ${triggers ? 'avec   ' : 'sans   '} déclencheurs : unités ${s(t1 - t0)} s, établissements ${s(t2 - t1)} s, ré-import ${s(t3 - t2)} s`,
        );
      } finally {
        await db.close();
      }
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
