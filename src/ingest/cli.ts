/**
 * npm run import -- <source> <file...>
 * Writes to PostgreSQL when DATABASE_URL is set, else to the embedded PGlite of PGLITE_DIR.
 */
import path from 'node:path';
import { getEnv, InvalidEnvironmentError } from '@/config/env';
import type { DbHandle } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { describeError } from './core/errors';
import {
  changedSirensOf,
  formatSummary,
  importFile,
  SOURCES,
  type ImportSummary,
  type SourceKey,
} from './core/run';
import { announceChanges } from '@/registry/change-feed';
import { refreshStaleSearchIndex } from '@/search/indexer';
import { afterImport as alertFollowers } from '@/accounts/alerts/jobs';
import { afterImport as matchSavedSearches } from '@/accounts/saved-searches/jobs';
import { pollSireneApi, validateSince } from './sirene/api-poll';
import { IMPORTERS } from './sources';
import { openTargetDb } from './target';

const USAGE = `Usage : npm run import -- <source> <fichier...> [--rejets DOSSIER] [--sans-progression] [--synthetique] [--sans-index-recherche]
       npm run import -- sirene-api-poll [--since AAAA-MM-JJ] [--type ul|etab] [--rejets DOSSIER] [--sans-index-recherche]
Sources : ${SOURCES.join(', ')}
sirene-api-poll : importe les changements quotidiens de l'API Sirene de l'INSEE (SIRENE_API_URL,
clé SIRENE_API_KEY) depuis --since ou depuis le dernier relevé complet.
Base : PostgreSQL si DATABASE_URL est défini, sinon la base embarquée PGlite de PGLITE_DIR.
L'index de recherche est reconstruit après un import qui a changé des données, sauf avec
--sans-index-recherche (pour enchaîner plusieurs imports : le dernier le reconstruit).`;

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => !a.startsWith('--'));
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    if (a === '--rejets' || a === '--since' || a === '--type') {
      flags.set(a.slice(2), argv[i + 1] ?? '');
      args.splice(args.indexOf(argv[i + 1] ?? ''), 1);
      i++;
    } else flags.set(a.slice(2), true);
  }
  const [source, ...files] = args;
  if (source === 'sirene-api-poll' && !flags.has('help')) return poll(flags);
  if (!source || files.length === 0 || flags.has('help')) {
    console.error(USAGE);
    return source || flags.has('help') ? 1 : 2;
  }
  if (!(SOURCES as readonly string[]).includes(source)) {
    console.error(`Source inconnue : « ${source} ».\n${USAGE}`);
    return 2;
  }
  const importer = IMPORTERS[source as keyof typeof IMPORTERS];
  if (!importer) {
    console.error(`La source « ${source} » n'a pas encore d'importeur.`);
    return 2;
  }
  const synthetic = files.filter((f) => /SYNTHETIQUE/i.test(path.basename(f)));
  if (synthetic.length && !flags.has('synthetique')) {
    console.error(
      `Fichier(s) synthétique(s) refusé(s) : ${synthetic.map((f) => path.basename(f)).join(', ')}.\n` +
        'Ces données générées servent aux tests de charge ; ajoutez --synthetique pour les importer dans une base de test.',
    );
    return 2;
  }
  const rejectsDir =
    typeof flags.get('rejets') === 'string'
      ? (flags.get('rejets') as string)
      : path.resolve('.data/rejets');

  let handle: DbHandle;
  try {
    handle = await openTargetDb();
    await runMigrations(handle);
  } catch (e) {
    console.error(describeError(e).replace(/^Erreur inattendue : /, ''));
    return 1;
  }
  let failed = 0;
  const nf = new Intl.NumberFormat('fr-FR');
  const totals = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  const summaries: ImportSummary[] = [];
  try {
    for (const file of files) {
      try {
        const s = await importFile(handle, source as SourceKey, importer, file, {
          rejectsDir,
          progress: flags.has('sans-progression') ? 'off' : 'auto',
        });
        console.log(formatSummary(s));
        summaries.push(s);
        for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += s[k];
      } catch (e) {
        failed++;
        console.error(`Échec de l'import, base inchangée pour ce fichier. ${describeError(e)}`);
      }
    }
    if (totals.inserted + totals.updated > 0) await announce(handle, summaries);
    if (totals.inserted + totals.updated > 0) await alert(handle, summaries);
    // Search reads its own index (src/search/indexer.ts): data that changed is not findable until
    // the index is brought up to date. What this run and any killed earlier run marked stale.
    if (!flags.has('sans-index-recherche')) await refreshSearch(handle);
    // Saved searches look for new companies in the search index: once it is up to date.
    if (totals.inserted > 0 && !flags.has('sans-index-recherche')) await savedSearchAlerts(handle);
  } finally {
    await handle.close();
  }
  if (files.length > 1)
    console.log(
      `Total : ${nf.format(totals.read)} lus, ${nf.format(totals.inserted)} insérés, ${nf.format(totals.updated)} mis à jour, ` +
        `${nf.format(totals.unchanged)} inchangés, ${nf.format(totals.rejected)} rejetés ; ${failed} fichier(s) en échec`,
    );
  return failed ? 1 : 0;
}

/**
 * Tells a running site (PostgreSQL only: src/registry/change-feed.ts) which companies changed, so
 * it drops their cached pages now. Best effort: the import itself is committed already.
 */
async function announce(handle: DbHandle, summaries: readonly ImportSummary[]): Promise<void> {
  await announceChanges(handle.db, changedSirensOf(summaries)).catch((e) =>
    console.error(
      `Le site n'a pas pu être prévenu des changements (ses pages en cache se mettront à jour à leur date de revalidation). ${describeError(e)}`,
    ),
  );
}

/**
 * Records what changed in followed companies and queues the alert mails (src/accounts/alerts).
 * Best effort too: the import is committed; a failure here loses alerts, not data.
 */
async function alert(handle: DbHandle, summaries: readonly ImportSummary[]): Promise<void> {
  try {
    const r = await alertFollowers(handle.db, changedSirensOf(summaries));
    if (r.events > 0)
      console.log(
        `Alertes : ${r.events} changement(s) pour ${r.companies} entreprise(s) suivie(s), ${r.lists} liste(s) à prévenir`,
      );
  } catch (e) {
    console.error(
      `Les alertes des entreprises suivies n'ont pas pu être préparées. ${describeError(e)}`,
    );
  }
}

/**
 * Queues the matching of the saved searches against the new companies (src/accounts/saved-searches);
 * their mails go on the searches' schedule. Best effort: the import is committed.
 */
async function savedSearchAlerts(handle: DbHandle): Promise<void> {
  try {
    await matchSavedSearches(handle.db);
  } catch (e) {
    console.error(
      `Les recherches enregistrées n'ont pas pu être prévenues (elles le seront à leur prochain envoi). ${describeError(e)}`,
    );
  }
}

/** Rebuilds what imports marked stale in the search index (this run's changes, or a killed run's). */
async function refreshSearch(handle: DbHandle): Promise<void> {
  const nf = new Intl.NumberFormat('fr-FR');
  const t0 = Date.now();
  const done = await refreshStaleSearchIndex(handle.db);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (done.kind === 'incremental')
    console.log(
      `Index de recherche mis à jour pour ${nf.format(done.sirens)} entreprise(s) modifiée(s), en ${seconds} s`,
    );
  else if (done.kind === 'full')
    console.log(
      `Index de recherche reconstruit : ${nf.format(done.stats.names)} noms, ${nf.format(done.stats.directors)} dirigeants, en ${seconds} s`,
    );
}

/** The daily-changes job: pages through the INSEE Sirene API and imports each page. */
async function poll(flags: Map<string, string | true>): Promise<number> {
  const env = getEnv();
  const type = flags.get('type');
  if (type !== undefined && type !== 'ul' && type !== 'etab') {
    console.error(`Type inconnu : « ${String(type)} » (attendu : ul ou etab).\n${USAGE}`);
    return 2;
  }
  const since = flags.get('since');
  if (since === true || since === '') {
    console.error(`--since attend une date (AAAA-MM-JJ).\n${USAGE}`);
    return 2;
  }
  let handle: DbHandle;
  try {
    if (since) validateSince(since);
    handle = await openTargetDb();
    await runMigrations(handle);
  } catch (e) {
    console.error(describeError(e).replace(/^Erreur inattendue : /, ''));
    return 1;
  }
  const nf = new Intl.NumberFormat('fr-FR');
  try {
    const results = await pollSireneApi(handle, {
      baseUrl: env.SIRENE_API_URL,
      apiKey: env.SIRENE_API_KEY,
      since: since || undefined,
      kinds: type ? [type] : undefined,
      importOptions: {
        rejectsDir:
          typeof flags.get('rejets') === 'string'
            ? (flags.get('rejets') as string)
            : path.resolve('.data/rejets'),
        progress: 'off',
      },
      log: (line) => console.log(line),
    });
    let changed = 0;
    const summaries = results.flatMap((r) => r.summaries);
    for (const r of results) {
      const t = r.summaries.reduce(
        (a, s) => ({
          inserted: a.inserted + s.inserted,
          updated: a.updated + s.updated,
          unchanged: a.unchanged + s.unchanged,
          rejected: a.rejected + s.rejected,
        }),
        { inserted: 0, updated: 0, unchanged: 0, rejected: 0 },
      );
      changed += t.inserted + t.updated;
      console.log(
        `API Sirene, ${r.kind === 'ul' ? 'unités légales' : 'établissements'} depuis ${r.since} : ${r.pages} page(s), ` +
          `${nf.format(r.objects)} objets, ${nf.format(t.inserted)} insérés, ${nf.format(t.updated)} mis à jour, ` +
          `${nf.format(t.unchanged)} inchangés, ${nf.format(t.rejected)} rejetés ; prochain départ : ${r.watermark}`,
      );
    }
    if (changed > 0) await announce(handle, summaries);
    if (changed > 0) await alert(handle, summaries);
    if (!flags.has('sans-index-recherche')) await refreshSearch(handle);
    // Saved searches look for new companies in the search index: once it is up to date.
    if (changed > 0 && !flags.has('sans-index-recherche')) await savedSearchAlerts(handle);
    return 0;
  } catch (e) {
    console.error(
      `Échec du relevé de l'API Sirene (les pages déjà importées restent ; le prochain relevé repart de la même date). ${describeError(e)}`,
    );
    return 1;
  } finally {
    await handle.close();
  }
}

try {
  getEnv();
} catch (e) {
  if (e instanceof InvalidEnvironmentError) {
    console.error(e.message);
    process.exit(1);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(describeError(e));
    process.exit(1);
  },
);
