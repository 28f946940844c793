import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from './pglite';

export type EmbeddedServer = { url: string; pglite: PGlite; stop: () => Promise<void> };

/**
 * Serves the embedded PGlite database over the PostgreSQL wire protocol on loopback.
 *
 * Why: PGlite runs queries synchronously in WebAssembly and blocks the event loop of the process
 * that holds it. The site's server therefore never holds it: the supervisor (scripts/start.ts) does,
 * and Next.js talks to it through node-postgres exactly as it talks to a PostgreSQL server. A slow
 * query delays other queries, never the handling of requests that need no database.
 *
 * One connection only: the socket server queues protocol messages one by one, so two clients'
 * extended-protocol messages (Parse/Bind/Execute) could interleave. Clients use a pool of 1.
 */
export async function startEmbeddedServer(
  dir: string | undefined,
  port = 0,
): Promise<EmbeddedServer> {
  const pglite = await openPglite(dir);
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections: 1 });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres@${address}/postgres?sslmode=disable`,
    pglite,
    stop: async () => {
      await server.stop();
      await pglite.close();
    },
  };
}
