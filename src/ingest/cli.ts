/**
 * npm run import -- <source> <file...>
 * Writes to PostgreSQL when DATABASE_URL is set, else to the embedded PGlite of PGLITE_DIR.
 */
import path from 'node:path';
import { getEnv, InvalidEnvironmentError } from '@/config/env';
import type { DbHandle } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { describeError } from './core/errors';
import { formatSummary, importFile, SOURCES, type ImportSummary, type SourceKey } from './core/run';
import { afterImports } from './after-import';
import { pollSireneApi, validateSince } from './sirene/api-poll';
import { withPollLock } from './schedule';
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
    await afterImports(handle, summaries, {
      searchIndex: !flags.has('sans-index-recherche'),
      log: (line) => console.log(line),
      warn: (line) => console.error(line),
    });
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
    const polled = await withPollLock(handle, () =>
      pollSireneApi(handle, {
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
      }),
    );
    if (!polled) {
      console.error(
        "Un relevé de l'API Sirene est déjà en cours (la tâche quotidienne ou une autre commande) : réessayez quand il sera fini.",
      );
      return 1;
    }
    const results = polled;
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
      console.log(
        `API Sirene, ${r.kind === 'ul' ? 'unités légales' : 'établissements'} depuis ${r.since} : ${r.pages} page(s), ` +
          `${nf.format(r.objects)} objets, ${nf.format(t.inserted)} insérés, ${nf.format(t.updated)} mis à jour, ` +
          `${nf.format(t.unchanged)} inchangés, ${nf.format(t.rejected)} rejetés ; prochain départ : ${r.watermark}`,
      );
    }
    await afterImports(handle, summaries, {
      searchIndex: !flags.has('sans-index-recherche'),
      log: (line) => console.log(line),
      warn: (line) => console.error(line),
    });
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
