/**
 * The web server's check before anything else loads (scripts/serve.ts imports it first, and
 * modules run in the order they are imported): invalid settings, and with APP_ENV=prod every
 * missing or unsafe one (src/config/production.ts) and every setting that differs from the one
 * the static pages were built with (scripts/build-state.ts), are printed one per line and the
 * server exits with code 1 without listening.
 */
import { getEnv, InvalidEnvironmentError } from '../src/config/env';
import { staleBuildSettings } from './build-state';

function refuse(lines: string): never {
  console.error(`[serve] démarrage refusé\n${lines}`);
  process.exit(1);
}

try {
  const env = getEnv();
  if (env.APP_ENV === 'prod') {
    const stale = staleBuildSettings(env);
    if (stale.length)
      refuse(
        stale
          .map((k) => `  ${k}: différent de la construction du site (relancer next build)`)
          .join('\n'),
      );
  }
} catch (e) {
  if (!(e instanceof InvalidEnvironmentError)) throw e;
  refuse(e.message);
}
