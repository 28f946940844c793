import type { Db } from '@/db/client';
import { OPS_COMMANDS } from './commands';

/** Runs an ops command (`npm run ops -- <name> <args>`) on `db`: its exit code and printed lines. */
export async function runOpsCommand(
  db: Db,
  name: string,
  ...args: string[]
): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const code = await OPS_COMMANDS.find((c) => c.name === name)!.run(args, {
    db,
    out: (l) => lines.push(l),
  });
  return { code, text: lines.join('\n') };
}
