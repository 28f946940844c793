/**
 * Where the files of orders are kept. The default writes under DATA_DIR/files; an object store
 * (S3, GCS) can implement the same three calls.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { getEnv } from '@/config/env';

export interface FileStorage {
  /** Stores `body` under `key`, replacing what was there; the write is atomic. */
  put(key: string, body: Buffer): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

export function directoryStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..'))
      throw new Error(`clé de fichier invalide : ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a crash mid-write never leaves a half file under the key.
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, target);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

let storage: FileStorage | undefined;

/** The storage of the site: DATA_DIR/files. */
export function fileStorage(): FileStorage {
  storage ??= directoryStorage(path.resolve(getEnv().DATA_DIR, 'files'));
  return storage;
}

/** For tests: a storage in a temporary folder. */
export function setFileStorage(next: FileStorage | undefined): void {
  storage = next;
}
