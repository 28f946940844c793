/**
 * The registry API served from a worker thread.
 *
 * Why a thread: on Node.js 20, AsyncLocalStorage runs on async hooks, and once Next.js has served
 * one page or route handler its dozen storages stay enabled for the whole process: every promise
 * and every socket write then pays for their propagation. Measured on this machine, the same
 * `/api/companies/{siren}` path did 3,700-4,500 calls/s at 20 connections before the first page
 * render and 1,700-1,900 after it (bench/pages.ts runs pages first). The worker has its own
 * isolate, where no storage is ever enabled, its own database pool (DATABASE_POOL_MAX
 * connections) and its own data cache, kept in step by the cache's cross-thread invalidation
 * (src/registry/cache.ts). The HTTP server only hands it the method, URL and Accept-Encoding,
 * and writes back the encoded answer.
 *
 * If the worker dies, the calls it held get a 503 SOURCE_UNAVAILABLE and a new worker starts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { ApiAnswer } from '@/lib/http/answer';
import { logFailure } from '@/lib/log';
import { startTsWorker } from '@/lib/ts-worker';
import { SOURCE_UNAVAILABLE } from '@/public-api/registry-handlers';
import {
  apiRequestOf,
  encodeApiResult,
  isRegistryApiRequest,
  writeApiAnswer,
} from './registry-api';
import type { WorkerRequest } from './registry-worker';

type Pending = { res: ServerResponse; request: WorkerRequest };

export class RegistryApiWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private closed = false;

  /** `env`: the worker's environment (default: this process's, as for any worker thread). */
  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly entry = path.resolve('src/server/registry-worker.ts'),
  ) {
    this.spawn();
  }

  private spawn(): void {
    const started = Date.now();
    const worker = startTsWorker(this.entry, { env: this.env });
    this.worker = worker;
    worker.on('message', ({ id, answer }: { id: number; answer: ApiAnswer | null }) => {
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      writeApiAnswer(call.res, answer ?? encodeApiResult(SOURCE_UNAVAILABLE, call.request));
    });
    worker.on('error', (e) => logFailure('registry API worker', e));
    worker.on('exit', () => {
      this.worker = null;
      for (const [id, call] of this.pending) {
        this.pending.delete(id);
        writeApiAnswer(call.res, encodeApiResult(SOURCE_UNAVAILABLE, call.request));
      }
      if (this.closed) return;
      // A worker that dies at once (a broken deployment) is restarted once a second, not in a loop.
      const retry = setTimeout(() => this.spawn(), Date.now() - started < 5000 ? 1000 : 0);
      retry.unref();
    });
  }

  /** Hands the request to the worker and returns true when it is a registry API call. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (!isRegistryApiRequest(req.method, req.url)) return false;
    const request: WorkerRequest = { id: ++this.seq, ...apiRequestOf(req) };
    if (!this.worker) {
      writeApiAnswer(res, encodeApiResult(SOURCE_UNAVAILABLE, request));
      return true;
    }
    this.pending.set(request.id, { res, request });
    this.worker.postMessage(request);
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
  }
}
