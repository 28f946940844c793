/**
 * What follows a run of imports, once its files are committed: tell the running site which
 * companies changed (its cached pages), record the followed companies' changes and queue their
 * alerts, bring the search index and the sitemaps up to date, queue the saved searches' matching. Shared by the
 * import CLI and the scheduled daily poll (src/ingest/schedule.ts). Each step is best effort: the
 * data is committed already, a failure here loses a notice, never data.
 */
import type { DbHandle } from '@/db/client';
import { afterImport as alertFollowers } from '@/accounts/alerts/jobs';
import { afterImport as matchSavedSearches } from '@/accounts/saved-searches/jobs';
import { announceChanges } from '@/registry/change-feed';
import { refreshStaleSearchIndex } from '@/search/indexer';
import { refreshSitemapFiles } from '@/seo/sitemap-files';
import { describeError } from './core/errors';
import { changedSirensOf, type ImportSummary } from './core/run';

export type AfterImportOptions = {
  /** Rebuild what imports marked stale in the search index (default true). */
  searchIndex?: boolean;
  log: (line: string) => void;
  warn: (line: string) => void;
};

const nf = new Intl.NumberFormat('fr-FR');

export async function afterImports(
  handle: DbHandle,
  summaries: readonly ImportSummary[],
  o: AfterImportOptions,
): Promise<void> {
  const changed = summaries.reduce((n, s) => n + s.inserted + s.updated, 0);
  const inserted = summaries.reduce((n, s) => n + s.inserted, 0);
  if (changed > 0) {
    await announceChanges(handle.db, changedSirensOf(summaries)).catch((e) =>
      o.warn(
        `Le site n'a pas pu être prévenu des changements (ses pages en cache se mettront à jour à leur date de revalidation). ${describeError(e)}`,
      ),
    );
    try {
      const r = await alertFollowers(handle.db, changedSirensOf(summaries));
      if (r.events > 0)
        o.log(
          `Alertes : ${r.events} changement(s) pour ${r.companies} entreprise(s) suivie(s), ${r.lists} liste(s) à prévenir`,
        );
    } catch (e) {
      o.warn(
        `Les alertes des entreprises suivies n'ont pas pu être préparées. ${describeError(e)}`,
      );
    }
  }
  if (o.searchIndex === false) return;
  // Search reads its own index (src/search/indexer.ts): data that changed is not findable until
  // the index is brought up to date. What this run and any killed earlier run marked stale.
  const t0 = Date.now();
  const done = await refreshStaleSearchIndex(handle.db);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (done.kind === 'incremental')
    o.log(
      `Index de recherche mis à jour pour ${nf.format(done.sirens)} entreprise(s) modifiée(s), en ${seconds} s`,
    );
  else if (done.kind === 'full')
    o.log(
      `Index de recherche reconstruit : ${nf.format(done.stats.names)} noms, ${nf.format(done.stats.directors)} dirigeants, en ${seconds} s`,
    );
  // The sitemaps of what changed (src/seo/sitemap-files.ts): only the files whose list moved
  // are rewritten, the others keep their Last-Modified.
  if (changed > 0) {
    try {
      const t1 = Date.now();
      const r = await refreshSitemapFiles(handle.db, changedSirensOf(summaries));
      o.log(
        `Plans de site : ${nf.format(r.files)} fichier(s) revu(s), ${nf.format(r.rewritten)} réécrit(s), ` +
          `${nf.format(r.removed)} retiré(s), en ${((Date.now() - t1) / 1000).toFixed(1)} s`,
      );
    } catch (e) {
      o.warn(
        `Les plans de site n'ont pas pu être mis à jour (ils le seront au prochain import). ${describeError(e)}`,
      );
    }
  }
  // Saved searches look for new companies in the search index: once it is up to date.
  if (inserted > 0)
    await matchSavedSearches(handle.db).catch((e) =>
      o.warn(
        `Les recherches enregistrées n'ont pas pu être prévenues (elles le seront à leur prochain envoi). ${describeError(e)}`,
      ),
    );
}
