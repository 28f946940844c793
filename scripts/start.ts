/**
 * `npm start`: validate the environment, bring up the database (embedded PGlite unless
 * DATABASE_URL is set), apply migrations, load the real sample into an empty database, build the
 * site if no build exists, then serve it (scripts/serve.ts). `--dev` (`npm run dev`) serves with
 * `next dev` behind the same web server, from the sources (scripts/server-command.ts).
 * `--build-only` builds the site if its build is missing or older than its sources, and exits
 * (`npm test` builds while the unit tests run, so that the browser suite then runs alone).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { getEnv, InvalidEnvironmentError, type Env } from '../src/config/env';
import { clusterRefusal } from '../src/config/production';
import { queueSearchRebuild, rebuildStaleSearchIndex } from '../src/server/search-rebuild';
import { connectPostgres, wrapPglite } from '../src/db/client';
import { startEmbeddedServer, type EmbeddedServer } from '../src/db/embedded-server';
import { runMigrations } from '../src/db/migrate';
import { seedIfEmpty } from '../src/ingest/seed';
import { checkRouteManifest } from '../src/server/route-table';
import { buildServer, SERVER_DIST } from './build-server';
import { serverCommand } from './server-command';
import { supervise } from './supervise';
import {
  buildIsCurrent,
  recordBuildSettings,
  staleBuildSettings,
  withBuildLock,
} from './build-state';

const started = Date.now();
const dev = process.argv.includes('--dev');
const buildOnly = process.argv.includes('--build-only');
/**
 * `npm run start:cluster -- --workers N`: N web server processes on PORT, PORT+1, … (and
 * METRICS_PORT, METRICS_PORT+1, …) behind a load balancer (deploy/haproxy.cfg), on PostgreSQL.
 */
const cluster = process.argv.includes('--cluster');
const workersArg = process.argv.indexOf('--workers');
const workers = cluster
  ? workersArg >= 0
    ? Number(process.argv[workersArg + 1])
    : os.availableParallelism()
  : 1;
const nextBin = path.resolve('node_modules/next/dist/bin/next');
const log = (msg: string) => console.log(`[start] ${msg}`);

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(cmd, args, { stdio: 'inherit', env });
}

/**
 * Builds the site (next build, the route manifest's check, the compiled server, the baked
 * settings) unless the build is current; 0 when the site is ready to serve, else the exit code.
 */
function buildIfStale(runEnv: Env, childEnv: NodeJS.ProcessEnv): Promise<number> {
  // Checked again under the lock: another process may have just built.
  return withBuildLock(async () => {
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
    try {
      checkRouteManifest();
    } catch (e) {
      log(`construction refusée : ${(e as Error).message}`);
      return 1;
    }
    await buildServer();
    log(`serveur compilé (${SERVER_DIST})`);
    await recordBuildSettings(runEnv);
    return 0;
  });
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
  if (buildOnly) process.exit(await buildIfStale(runEnv, process.env));
  if (cluster) {
    const refusal = clusterRefusal(env, workers);
    if (refusal) {
      console.error(`[start] ${refusal}`);
      process.exit(1);
    }
  }

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
  // An import killed before its index step left the search index behind its data. A full
  // rebuild (hours at 29 M) is not waited for on PostgreSQL: it is queued for the job workers
  // (src/server/search-rebuild.ts) and the site serves at once, its search answering 503
  // « index de recherche en reconstruction » until the rebuild ends. The embedded base (the
  // sample, seconds) and a few stale companies are caught up before serving.
  if (!embedded && (await queueSearchRebuild(handle.db, { closeQueue: true })))
    log(
      'index de recherche à reconstruire entièrement : reconstruction confiée aux tâches de fond (search.rebuild) ; le site sert les fiches dès maintenant, la recherche répond 503 jusqu’à la fin',
    );
  else {
    const search = await rebuildStaleSearchIndex(handle);
    if (search && search.kind !== 'none')
      log(
        search.kind === 'full'
          ? 'index de recherche reconstruit (il était en retard sur les données)'
          : `index de recherche mis à jour pour ${search.sirens} entreprise(s) en retard`,
      );
  }
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
    const code = await buildIfStale(runEnv, childEnv);
    if (code !== 0) {
      await embedded?.stop();
      process.exit(code);
    }
  }

  const host = process.env.HOST ?? '0.0.0.0';
  // Our HTTP server (scripts/serve.ts), which answers the registry API itself: compiled, with the
  // built site behind it, or from the sources with `next dev` behind it for `--dev`.
  if (dev) {
    // `next dev` behind the same web server, from the sources (scripts/server-command.ts).
    const command = serverCommand(true);
    const server = run(process.execPath, command.args, {
      ...childEnv,
      NODE_ENV: command.nodeEnv,
      HOST: host,
    });
    log(
      `prêt à servir sur ${new URL(env.SITE_URL).origin} (supervision démarrée en ${Date.now() - started} ms)`,
    );
    const stop = async (code: number) => {
      server.kill('SIGTERM');
      await embedded?.stop().catch(() => {});
      process.exit(code);
    };
    process.on('SIGINT', () => void stop(0));
    process.on('SIGTERM', () => void stop(0));
    server.on('exit', (code) => void stop(code ?? 0));
    return;
  }
  if (cluster) {
    // Secrets a process would otherwise draw for itself: one for all, so that a captcha or a test
    // payment's event signed by one process is accepted by another.
    childEnv.CAPTCHA_SECRET ??= randomBytes(32).toString('hex');
    childEnv.STRIPE_WEBHOOK_SECRET ??= `whsec_${randomBytes(24).toString('hex')}`;
  }
  const serverEnv = (i: number): NodeJS.ProcessEnv => ({
    ...childEnv,
    NODE_ENV: 'production',
    HOST: host,
    PORT: String(env.PORT + i),
    ...(env.METRICS_PORT ? { METRICS_PORT: String(env.METRICS_PORT + i) } : {}),
  });
  // A heap limit per web process: one that swells (a hostile upload, a leak) dies alone and is
  // restarted, rather than taking the machine's memory from the database and the other processes.
  const heapArgs = env.SERVER_MAX_OLD_SPACE_MB
    ? [`--max-old-space-size=${env.SERVER_MAX_OLD_SPACE_MB}`]
    : [];
  const servers = Array.from({ length: workers }, (_, i) =>
    supervise({
      name: cluster ? `processus web ${i + 1}` : 'processus web',
      log,
      start: (restarts) =>
        run(process.execPath, [...heapArgs, ...serverCommand(false).args], {
          ...serverEnv(i),
          SERVER_RESTARTS: String(restarts),
        }),
    }),
  );
  let stopping = false;
  log(
    cluster
      ? `prêt à servir : ${workers} processus sur les ports ${env.PORT} à ${env.PORT + workers - 1} (supervision démarrée en ${Date.now() - started} ms)`
      : `prêt à servir sur ${new URL(env.SITE_URL).origin} (supervision démarrée en ${Date.now() - started} ms)`,
  );

  async function stop(code: number) {
    if (stopping) return;
    stopping = true;
    await Promise.all(servers.map((s) => s.stop()));
    await embedded?.stop().catch(() => {});
    process.exit(code);
  }
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  // SIGHUP (cluster): a rolling restart, one process at a time, each back and ready (/readyz)
  // before the next stops, e.g. after a deployment of new code whose migrations are applied.
  process.on('SIGHUP', () => {
    if (!cluster) return;
    void (async () => {
      for (let i = 0; i < workers && !stopping; i++) {
        await servers[i]!.restart();
        await waitReady(env.PORT + i);
        log(`processus ${i + 1} redémarré`);
      }
    })();
  });
}

/** Waits until the server on this port answers /readyz with 200 (at most 120 s). */
async function waitReady(port: number): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

main().catch((e) => {
  console.error('[start] échec du démarrage :', e instanceof Error ? e.message : e);
  process.exit(1);
});
