/**
 * `npm run search:reindex`: rebuilds the whole search index from the registry tables (DATABASE_URL,
 * or the embedded database when the site is stopped). `-- --retard` rebuilds only what imports
 * marked stale.
 */
import { getEnv } from '../src/config/env';
import { runMigrations } from '../src/db/migrate';
import { openTargetDb } from '../src/ingest/target';
import { rebuildSearchIndex, refreshStaleSearchIndex } from '../src/search/indexer';

getEnv();
const onlyStale = process.argv.includes('--retard');
const handle = await openTargetDb();
try {
  await runMigrations(handle);
  const t0 = Date.now();
  const nf = new Intl.NumberFormat('fr-FR');
  if (onlyStale) {
    const r = await refreshStaleSearchIndex(handle.db);
    console.log(
      r.kind === 'none'
        ? "L'index de recherche est à jour."
        : r.kind === 'full'
          ? `Index de recherche reconstruit (${nf.format(r.stats.companies)} entreprises).`
          : `Index de recherche mis à jour pour ${nf.format(r.sirens)} entreprise(s).`,
    );
  } else {
    const stats = await rebuildSearchIndex(handle.db);
    console.log(
      `Index de recherche reconstruit : ${nf.format(stats.companies)} entreprises, ${nf.format(stats.names)} noms, ${nf.format(stats.directors)} dirigeants, en ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
    );
  }
} finally {
  await handle.close();
}
