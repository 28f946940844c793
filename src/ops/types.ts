import type { Db } from '@/db/client';

/**
 * One operator command of `npm run ops -- <name> [args]` (scripts/ops.ts). Each area lists its
 * commands in `src/ops/<area>.ts` and adds one line to `src/ops/commands.ts`. `run` prints with
 * `out` and returns the exit code (0: done).
 */
export type OpsCommand = {
  name: string;
  summary: string;
  run(args: string[], ctx: { db: Db; out: (line: string) => void }): Promise<number>;
};
