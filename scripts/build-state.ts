import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Newest modification time under the given paths (files and folders, recursively). */
async function newestMtime(paths: string[]): Promise<number> {
  let newest = 0;
  const visit = async (p: string): Promise<void> => {
    let s;
    try {
      s = await stat(p);
    } catch {
      return;
    }
    newest = Math.max(newest, s.mtimeMs);
    if (s.isDirectory()) {
      for (const entry of await readdir(p)) await visit(path.join(p, entry));
    }
  };
  for (const p of paths) await visit(p);
  return newest;
}

/** Inputs whose change makes the production build stale. */
export const buildInputs = [
  'src',
  'public',
  'content',
  'next.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

/** True when .next holds a production build newer than every source it was built from. */
export async function buildIsCurrent(root = process.cwd()): Promise<boolean> {
  let built: number;
  try {
    built = (await stat(path.join(root, '.next', 'BUILD_ID'))).mtimeMs;
  } catch {
    return false;
  }
  const sources = await newestMtime(buildInputs.map((p) => path.join(root, p)));
  return built >= sources;
}
