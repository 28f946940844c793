import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { connectPostgres, wrapPglite, type DbHandle } from './client';
import { startEmbeddedServer, type EmbeddedServer } from './embedded-server';
import { migrationsFolder, runMigrations } from './migrate';
import { openPglite, pgliteExtensions } from './pglite';

/**
 * A fresh, migrated database for one test file.
 * With DATABASE_URL set: a new database created on that server and dropped on close.
 * Otherwise: an in-memory PGlite.
 *
 * Both start from a template migrated once per set of migrations (their fingerprint names it), so
 * a test file does not replay every migration: on PGlite a data directory dumped to a file under
 * the system's temporary folder, on PostgreSQL a template database (`CREATE DATABASE … TEMPLATE`).
 * A template is built under another name and renamed when complete: a half-built one is never
 * used, and another set of migrations (another branch) gets its own.
 */
/**
 * In-process PGlite answers without leaving the microtask queue: a test that runs queries back to
 * back (a sample loaded, thousands of pages read) never lets the event loop turn, and on a loaded
 * machine Vitest's worker misses its calls to the runner (« Timeout calling "onTaskUpdate" »,
 * an unhandled error that fails the run). A query that comes more than 50 ms after the loop's
 * last turn waits for one first.
 */
const TURN_EVERY_MS = 50;
function yieldingTurns(instance: PGlite): PGlite {
  let lastTurn = performance.now();
  const turn = async () => {
    if (performance.now() - lastTurn < TURN_EVERY_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    lastTurn = performance.now();
  };
  const query = instance.query.bind(instance);
  const exec = instance.exec.bind(instance);
  instance.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as typeof instance.query;
  instance.exec = async (...args: Parameters<typeof exec>) => {
    await turn();
    return exec(...args);
  };
  return instance;
}

export async function createTestDb(): Promise<DbHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return wrapPglite(yieldingTurns(await pgliteFromTemplate()));
  const template = await postgresTemplate(serverUrl);
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const handle = connectPostgres(databaseUrl(serverUrl, name), 4, { preparedStatements: true });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

let fingerprint: string | undefined;

/** A hash of every file of drizzle/ (SQL and journal): a changed migration makes a new template. */
function migrationsFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else
        hash.update(path.relative(migrationsFolder, file)).update('\0').update(readFileSync(file));
    }
  };
  visit(migrationsFolder);
  fingerprint = hash.digest('hex').slice(0, 16);
  return fingerprint;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const pgliteTemplateDir = path.join(os.tmpdir(), 'registre-test-templates');

async function pgliteFromTemplate(): Promise<PGlite> {
  const file = path.join(pgliteTemplateDir, `pglite-${migrationsFingerprint()}.tar`);
  let dump: Buffer | undefined;
  try {
    dump = readFileSync(file);
  } catch {
    // Not built yet (or removed): built below.
  }
  if (dump) {
    try {
      return await PGlite.create('memory://', {
        extensions: pgliteExtensions,
        loadDataDir: new Blob([new Uint8Array(dump)]),
      });
    } catch {
      // A dump another PGlite version cannot read: rebuilt below.
    }
  }
  const instance = await PGlite.create('memory://', { extensions: pgliteExtensions });
  await runMigrations(wrapPglite(instance));
  const built = await instance.dumpDataDir('none');
  mkdirSync(pgliteTemplateDir, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, new Uint8Array(await built.arrayBuffer()));
  renameSync(partial, file);
  return instance;
}

/**
 * Fills `dir` (a PGlite data directory that does not exist yet) with a copy of the migrated
 * template, for a child process (an import) that opens it as PGLITE_DIR: the child finds every
 * migration applied instead of replaying them. The template directory is built once per set of
 * migrations from the template dump, under another name and renamed when complete.
 */
export async function migratedPgliteDir(dir: string): Promise<void> {
  // Named after PGlite's version too: a data directory is read only by the version that wrote it.
  const version = (
    JSON.parse(
      readFileSync(
        path.join(
          path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
          '..',
          'package.json',
        ),
        'utf8',
      ),
    ) as { version: string }
  ).version;
  const template = path.join(pgliteTemplateDir, `pglite-${migrationsFingerprint()}-${version}.dir`);
  if (!existsSync(template)) {
    // The dump exists (and this PGlite reads it) once a migrated PGlite has come from it.
    await (await pgliteFromTemplate()).close();
    const dump = readFileSync(
      path.join(pgliteTemplateDir, `pglite-${migrationsFingerprint()}.tar`),
    );
    const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const instance = await PGlite.create(partial, {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([new Uint8Array(dump)]),
    });
    await instance.close();
    try {
      renameSync(partial, template);
    } catch {
      // Another process renamed its own first: the same content.
      rmSync(partial, { recursive: true, force: true });
    }
  }
  cpSync(template, dir, { recursive: true });
}

/** Serialises template builds across the test processes of one server. */
const TEMPLATE_LOCK = 7_262_031;
/** Templates of other migration sets are dropped once this old (other branches may still use them). */
const TEMPLATE_MAX_AGE_MS = 24 * 3600_000;
const templatesReady = new Set<string>();

async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `test_tpl_${migrationsFingerprint()}`;
  if (templatesReady.has(name)) return name;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const handle = connectPostgres(databaseUrl(serverUrl, building), 1, {
        preparedStatements: true,
      });
      try {
        await runMigrations(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
      const stale = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database d
          WHERE datname LIKE 'test\\_tpl\\_%' AND datname <> $1
            AND coalesce(nullif(shobj_description(d.oid, 'pg_database'), ''), '0')::bigint < $2`,
        [name, Date.now() - TEMPLATE_MAX_AGE_MS],
      );
      for (const { datname } of stale.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
    templatesReady.add(name);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

export type WireTestDb = {
  /** The connection URL a child process (the server, an import) is given. */
  url: string;
  /** The embedded server when there is no PostgreSQL server: one connection at a time. */
  embedded: EmbeddedServer | null;
  /** Drops the database, or stops the embedded server. */
  close: () => Promise<void>;
};

/**
 * An empty database reached over the wire, as `npm start` reaches it (tests whose subject is a
 * child process: a crash, a shutdown): a new database `<prefix>_<random>` on the PostgreSQL server
 * of `DATABASE_URL`, else the embedded PGlite served on a local port (src/db/embedded-server.ts),
 * which serves one connection at a time and rolls back what a dying client left.
 */
export async function openWireTestDb(prefix: string): Promise<WireTestDb> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const embedded = await startEmbeddedServer(undefined);
    return { url: embedded.url, embedded, close: () => embedded.stop() };
  }
  const created = await createServerDb(server, `${prefix}_${randomBytes(4).toString('hex')}`);
  return { url: created.url, embedded: null, close: created.drop };
}

/**
 * A new database `name` on the PostgreSQL server of `serverUrl` (tests whose child processes
 * connect to it), empty, or with `migrated` a copy of the migrated template: its URL, and
 * `drop()`, which ends its connections and drops it.
 */
export async function createServerDb(
  serverUrl: string,
  name: string,
  o: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = o.migrated ? ` TEMPLATE ${await postgresTemplate(serverUrl)}` : '';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A database of its own for a child process under test, as ChildProcessDb opens it. */
export type ChildProcessDb = {
  /** What the child's environment needs to open it (DATABASE_URL, or PGLITE_DIR). */
  env: Record<string, string>;
  /** Opens it in the test's process (close it before the child opens a PGlite directory). */
  open: () => Promise<DbHandle>;
  /** Drops it (the PostgreSQL database, or the PGlite directory). */
  drop: () => Promise<void>;
};

/**
 * A fresh database a child process (a CLI under test) opens: with DATABASE_URL, a new database on
 * that server; otherwise a PGlite directory under the system's temporary folder. Empty, or with
 * `migrated` a copy of the migrated template. `poolMax`: the connections of `open()`'s pool.
 */
export async function childProcessDb(
  name: string,
  o: { migrated?: boolean; poolMax?: number } = {},
): Promise<ChildProcessDb> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const { url, drop } = await createServerDb(
      server,
      `${name}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`,
      { migrated: o.migrated },
    );
    return {
      env: { DATABASE_URL: url },
      open: async () => connectPostgres(url, o.poolMax ?? 2),
      drop,
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const db = path.join(dir, 'pglite');
  if (o.migrated) await migratedPgliteDir(db);
  return {
    env: { DATABASE_URL: '', PGLITE_DIR: db },
    open: async () => wrapPglite(await openPglite(db)),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
