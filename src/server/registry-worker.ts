/**
 * Worker thread of the registry API (see registry-api-worker.ts): answers the requests the HTTP
 * server hands it, with its own database pool and data cache.
 */
import { parentPort } from 'node:worker_threads';
import { getDb } from '@/db/site';
import { answerRegistryApi, type ApiRequest } from './registry-api';
import { SOURCE_UNAVAILABLE } from '@/registry/api';
import { encodeApiResult } from './registry-api';

export type WorkerRequest = { id: number } & ApiRequest;

parentPort?.on('message', (message: WorkerRequest) => {
  const { id, ...request } = message;
  answerRegistryApi(request, getDb)
    .catch(() => encodeApiResult(SOURCE_UNAVAILABLE, request))
    .then((answer) => parentPort!.postMessage({ id, answer }));
});
