/**
 * Worker thread of the registry API (see registry-api-worker.ts): answers the requests the HTTP
 * server hands it, with its own database pool and data cache.
 */
import { parentPort } from 'node:worker_threads';
import { getReadDb } from '@/db/site';
import { SOURCE_UNAVAILABLE } from '@/public-api/registry-handlers';
import type { PlainApiRequest } from '@/lib/http/answer';
import { answerRegistryApi, encodeApiResult } from './registry-api';

export type WorkerRequest = { id: number } & PlainApiRequest;

parentPort?.on('message', (message: WorkerRequest) => {
  const { id, ...request } = message;
  answerRegistryApi(request, getReadDb)
    .catch(() => encodeApiResult(SOURCE_UNAVAILABLE, request))
    .then((answer) => {
      // The body's memory moves to the HTTP server's thread instead of being copied, when the
      // body owns all of it.
      const body = answer?.body;
      const own = body && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
      parentPort!.postMessage({ id, answer }, own ? [body.buffer as ArrayBuffer] : []);
    });
});
