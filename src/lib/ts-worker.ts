import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of this project. Node.js 20 does not pass `--import`
 * hooks on to worker threads, so the worker registers tsx's loader itself, then imports the module
 * (path aliases included). The bare `tsx/esm/api` resolves from the working directory: the
 * project's root, where every entry point (npm scripts, tests, benches) runs.
 */
export function startTsWorker(entry: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  // Compiled JavaScript (the production server's bundle, scripts/build-server.ts) runs as it is.
  if (/\.m?js$/.test(entry)) return new Worker(entry, options);
  const url = JSON.stringify(pathToFileURL(entry).href);
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${url}); })`,
    { ...options, eval: true },
  );
}
