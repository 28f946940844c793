/**
 * npm run audit:data — compares what the API serves with the sample files (data/samples/) for
 * every field the sources state, and prints the agreement per field and overall. Run it on a
 * database loaded with the sample (`npm run db:seed`): PostgreSQL when DATABASE_URL is set, else
 * the embedded PGlite. Exit code 1 below 99.5 % agreement.
 */
import { getEnv, InvalidEnvironmentError } from '../src/config/env';
import { auditSample } from '../src/ingest/audit';
import { openTargetDb } from '../src/ingest/target';

const pct = (a: number, t: number) => `${((100 * a) / Math.max(t, 1)).toFixed(2)} %`;

async function main(): Promise<number> {
  try {
    getEnv();
  } catch (e) {
    if (e instanceof InvalidEnvironmentError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  const handle = await openTargetDb();
  try {
    const report = await auditSample(handle.db);
    for (const f of report.fields) {
      console.log(
        `${f.field.padEnd(34)} ${String(f.agree).padStart(6)} / ${String(f.total).padEnd(6)} ${pct(f.agree, f.total)}`,
      );
      for (const m of f.misses) console.log(`    ≠ ${m}`);
    }
    console.log(
      `Accord global : ${report.agree} / ${report.total} valeurs (${pct(report.agree, report.total)}).`,
    );
    return report.ratio >= 0.995 ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
