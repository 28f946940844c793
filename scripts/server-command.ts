/**
 * How the supervisor (scripts/start.ts) runs the web server, scripts/serve.ts: compiled in
 * production (`.next/registre/serve.mjs`, built by scripts/build-server.ts); from the sources with
 * `--dev` for `npm run dev`, so that `next dev` sits behind the same front door as production.
 */
import path from 'node:path';
import { SERVER_DIST } from './build-server';

export function serverCommand(dev: boolean): {
  args: string[];
  nodeEnv: 'development' | 'production';
} {
  return dev
    ? {
        args: ['--import', 'tsx', path.resolve('scripts/serve.ts'), '--dev'],
        nodeEnv: 'development',
      }
    : {
        args: ['--enable-source-maps', path.resolve(SERVER_DIST, 'serve.mjs')],
        nodeEnv: 'production',
      };
}
