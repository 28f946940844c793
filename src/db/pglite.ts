import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Extensions the schema needs; PGlite must be given them when it opens. */
export const pgliteExtensions = { pg_trgm, unaccent };

export class DatabaseLockedError extends Error {
  constructor(
    public readonly dir: string,
    public readonly pid: number,
  ) {
    super(
      `La base embarquée ${dir} est déjà ouverte par le processus ${pid} (le site est-il lancé ?). ` +
        'Arrêtez-le avant de recommencer, ou utilisez une base PostgreSQL avec DATABASE_URL.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Two processes opening one PGlite directory corrupt it: a lock file beside the directory holds
 * the owner's pid. A lock left by a dead process is taken over.
 */
function acquireLock(dir: string): () => void {
  const lockFile = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        rmSync(lockFile, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(dir, pid);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(dir, -1);
}

/**
 * Opens the embedded database. `dir` undefined means in memory (tests).
 * One PGlite holds one connection: share the instance, never open a directory twice.
 */
export async function openPglite(dir?: string): Promise<PGlite> {
  if (!dir) return PGlite.create('memory://', { extensions: pgliteExtensions });
  mkdirSync(dir, { recursive: true });
  const release = acquireLock(dir);
  try {
    const instance = await PGlite.create(dir, { extensions: pgliteExtensions });
    const close = instance.close.bind(instance);
    instance.close = async () => {
      try {
        await close();
      } finally {
        release();
      }
    };
    return instance;
  } catch (e) {
    release();
    throw e;
  }
}
