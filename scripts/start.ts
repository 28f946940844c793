/**
 * `npm start`: validate the environment, bring up the database (embedded PGlite unless
 * DATABASE_URL is set), apply migrations, load the real sample into an empty database, build the
 * site if no build exists, then serve it (scripts/serve.ts). `--dev` (`npm run dev`) serves with
 * `next dev` behind the same web server, from the sources (scripts/server-command.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { getEnv, InvalidEnvironmentError } from '../src/config/env';
import { refreshStaleSearchIndex } from '../src/search/indexer';
import { connectPostgres, wrapPglite } from '../src/db/client';
import { startEmbeddedServer, type EmbeddedServer } from '../src/db/embedded-server';
import { runMigrations } from '../src/db/migrate';
import { seedIfEmpty } from '../src/ingest/seed';
import { buildServer, SERVER_DIST } from './build-server';
import { serverCommand } from './server-command';
import {
  buildIsCurrent,
  recordBuildSettings,
  staleBuildSettings,
  withBuildLock,
} from './build-state';

const started = Date.now();
const dev = process.argv.includes('--dev');
const nextBin = path.resolve('node_modules/next/dist/bin/next');
const log = (msg: string) => console.log(`[start] ${msg}`);

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(cmd, args, { stdio: 'inherit', env });
}

async function main() {
  let env;
  try {
    // With APP_ENV=prod, every missing or unsafe setting is one line here (src/config/production.ts).
    env = getEnv();
  } catch (e) {
    if (e instanceof InvalidEnvironmentError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const runEnv = env;

  let embedded: EmbeddedServer | undefined;
  let databaseUrl = env.DATABASE_URL;
  let poolMax = env.DATABASE_POOL_MAX;
  if (!databaseUrl) {
    embedded = await startEmbeddedServer(path.resolve(env.PGLITE_DIR));
    databaseUrl = embedded.url;
    poolMax = 1;
    log(`base embarquée PGlite (${env.PGLITE_DIR}) servie sur ${databaseUrl.replace(/\?.*$/, '')}`);
  } else {
    log('base PostgreSQL de DATABASE_URL');
  }

  // Embedded: migrate and seed through the in-process instance (native COPY); the socket server
  // shares it. Server: through a short-lived pool of its own.
  const handle = embedded ? wrapPglite(embedded.pglite) : connectPostgres(databaseUrl, 1);
  await runMigrations(handle);
  log('migrations appliquées');
  const seed = await seedIfEmpty(handle);
  log(
    seed.loaded
      ? `échantillon réel chargé : ${seed.reason}`
      : `échantillon non chargé : ${seed.reason}`,
  );
  // An import killed before its index step left the search index behind its data: catch up
  // before serving (src/search/indexer.ts).
  const search = await refreshStaleSearchIndex(handle.db);
  if (search.kind !== 'none')
    log(
      search.kind === 'full'
        ? 'index de recherche reconstruit (il était en retard sur les données)'
        : `index de recherche mis à jour pour ${search.sirens} entreprise(s) en retard`,
    );
  if (!embedded) await handle.close();

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(poolMax),
    // The embedded server keeps one backend session for every client that connects in turn: a
    // statement one client prepared would clash with the next client's (src/db/client.ts).
    // Nor can it serve a second pool or a listening connection: the registry API stays in the
    // server's thread, the change feed is off (no import can run beside the site there), and the
    // rate limits stay in memory.
    ...(embedded
      ? {
          DATABASE_PREPARED_STATEMENTS: 'off',
          REGISTRY_API_WORKER: 'off',
          REGISTRY_CHANGE_FEED: 'off',
          // One process serves the site there: its rate limits live in its memory (or in Redis,
          // if asked; never in the one-connection database).
          RATE_LIMIT_STORE: env.RATE_LIMIT_STORE === 'redis' ? 'redis' : 'memory',
        }
      : {}),
    PORT: String(env.PORT),
  };

  if (!dev) {
    // Checked again under the lock: another process may have just built.
    const code = await withBuildLock(async () => {
      if (await buildIsCurrent()) {
        // Static pages keep the settings of their build (SITE_URL…): production rebuilds when
        // they changed; elsewhere (tests on a random port) a line says so.
        const stale = staleBuildSettings(runEnv);
        if (!stale.length) return 0;
        if (runEnv.APP_ENV !== 'prod') {
          log(`pages statiques construites avec d’autres réglages (${stale.join(', ')})`);
          return 0;
        }
        log(`réglages changés depuis la construction (${stale.join(', ')})`);
      }
      log('construction du site (next build)…');
      const built = await new Promise<number>((resolve) =>
        run(process.execPath, [nextBin, 'build'], { ...childEnv, NODE_ENV: 'production' }).on(
          'exit',
          (c) => resolve(c ?? 1),
        ),
      );
      if (built !== 0) return built;
      await buildServer();
      log(`serveur compilé (${SERVER_DIST})`);
      await recordBuildSettings(runEnv);
      return 0;
    });
    if (code !== 0) {
      await embedded?.stop();
      process.exit(code);
    }
  }

  const host = process.env.HOST ?? '0.0.0.0';
  // Our HTTP server (scripts/serve.ts), which answers the registry API itself, with the built
  // site behind it, or `next dev` for `--dev`.
  const command = serverCommand(dev);
  const server = run(process.execPath, command.args, {
    ...childEnv,
    NODE_ENV: command.nodeEnv,
    HOST: host,
  });
  log(
    `prêt à servir sur http://localhost:${env.PORT} (supervision démarrée en ${Date.now() - started} ms)`,
  );

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server.kill('SIGTERM');
    await embedded?.stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  server.on('exit', (code) => void stop(code ?? 0));
}

main().catch((e) => {
  console.error('[start] échec du démarrage :', e instanceof Error ? e.message : e);
  process.exit(1);
});
