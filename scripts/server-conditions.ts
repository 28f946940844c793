/**
 * Preloaded (`--import`) by the supervisor before scripts/serve.ts: the server's own fast paths
 * (src/server/session-api.ts) load modules marked `import 'server-only'` outside Next's bundle.
 * That package throws unless resolved with React's `react-server` condition, as Next.js resolves
 * it for the server; this resolves that one package so, and nothing else.
 */
import { register } from 'node:module';

const hook = `export async function resolve(specifier, context, next) {
  if (specifier !== 'server-only') return next(specifier, context);
  return next(specifier, { ...context, conditions: [...context.conditions, 'react-server'] });
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
