/**
 * Parsing, validation and encoding of a large SIRENE stock on worker threads.
 *
 * The stock is cut into pieces of about 1 MB that end on a record boundary (never inside a quoted
 * field); each piece goes to a parse worker (src/ingest/sirene/parse-worker.ts) with the line
 * number it starts at, and comes back as COPY text with its rejects, in file order. The importing
 * thread is left with reading the file and feeding PostgreSQL (or, on PGlite, with running the
 * database itself), while the workers do the CPU work that was its ceiling: about 3.5 s of CSV
 * splitting, validation, encoding and hashing per million legal units.
 */
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '@/lib/ts-worker';
import { csvRecords } from '../core/csv';
import { ImportError } from '../core/errors';
import type { EncodedRows, EncodeOptions } from './encode';

/** The mappers a parse worker knows, by name (functions cannot cross threads). */
export type MapperName = 'sirene-ul' | 'sirene-etab';

export type PieceRequest = {
  id: number;
  text: string;
  firstLine: number;
  header: string[];
  mapper: MapperName;
  options: EncodeOptions;
};
export type PieceAnswer = {
  id: number;
  result?: EncodedRows;
  error?: { message: string; importError: boolean };
};

/** Characters per piece: large enough to keep message passing negligible. */
export const PIECE_CHARS = 1 << 20;
/** Pieces queued per worker: one being parsed, one waiting. */
const IN_FLIGHT_PER_WORKER = 2;

/** One string as a stream of chunks. */
export async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

/**
 * Reads the header record (the first line) off a stream of text chunks; returns its fields and the
 * rest of the stream, or null fields for an empty file.
 */
export async function readHeader(
  chunks: AsyncIterable<string>,
): Promise<{ header: string[] | null; rest: AsyncGenerator<string> }> {
  const it = chunks[Symbol.asyncIterator]();
  let text = '';
  let nl = -1;
  let done = false;
  while (nl < 0) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    text += next.value;
    nl = text.indexOf('\n');
  }
  const headerText = nl < 0 ? text : text.slice(0, nl);
  let header: string[] | null = null;
  for await (const batch of csvRecords(once(headerText))) header ??= batch[0]?.fields ?? null;
  const remainder = nl < 0 ? '' : text.slice(nl + 1);
  async function* rest(): AsyncGenerator<string> {
    if (remainder) yield remainder;
    if (done) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { header, rest: rest() };
}

/**
 * Cuts text chunks into pieces of at least `size` characters that end just after a newline outside
 * any quoted field (the last piece ends where the file does), with the line number each starts at.
 */
export async function* filePieces(
  chunks: AsyncIterable<string>,
  firstLine: number,
  size = PIECE_CHARS,
): AsyncGenerator<{ text: string; firstLine: number }> {
  let buf = '';
  let line = firstLine;
  const emit = (end: number) => {
    const text = buf.slice(0, end);
    buf = buf.slice(end);
    const piece = { text, firstLine: line };
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) line++;
    return piece;
  };
  for await (const chunk of chunks) {
    buf += chunk;
    if (buf.length < size) continue;
    // `buf` starts on a record boundary: a newline closes a record when the quotes before it are
    // balanced (a quote inside a quoted field is doubled, so parity tells).
    const quotes: number[] = [];
    for (let q = buf.indexOf('"'); q >= 0; q = buf.indexOf('"', q + 1)) quotes.push(q);
    let nl = buf.lastIndexOf('\n');
    let k = quotes.length;
    while (nl >= 0) {
      while (k > 0 && quotes[k - 1]! > nl) k--;
      if (k % 2 === 0) break;
      nl = buf.lastIndexOf('\n', nl - 1);
    }
    if (nl >= 0) yield emit(nl + 1);
  }
  if (buf) yield emit(buf.length);
}

/** A set of parse workers; `encode` answers in the order pieces are given. */
export class ParsePool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<
    number,
    { resolve: (r: EncodedRows) => void; reject: (e: Error) => void }
  >();
  private seq = 0;
  private failure: Error | null = null;

  constructor(threads: number) {
    const entry = path.resolve('src/ingest/sirene/parse-worker.ts');
    for (let i = 0; i < threads; i++) {
      const worker = startTsWorker(entry);
      worker.on('message', (answer: PieceAnswer) => {
        const call = this.waiting.get(answer.id);
        if (!call) return;
        this.waiting.delete(answer.id);
        if (answer.result) call.resolve(answer.result);
        else
          call.reject(
            answer.error?.importError
              ? new ImportError(answer.error.message)
              : new Error(answer.error?.message ?? 'parse worker failed'),
          );
      });
      const fail = (e: Error) => {
        this.failure ??= e;
        for (const [id, call] of this.waiting) {
          this.waiting.delete(id);
          call.reject(e);
        }
      };
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (code !== 0) fail(new Error(`parse worker exited with code ${code}`));
      });
      this.workers.push(worker);
    }
  }

  get threads(): number {
    return this.workers.length;
  }

  encode(request: Omit<PieceRequest, 'id'>): Promise<EncodedRows> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.workers[id % this.workers.length]!.postMessage({ id, ...request });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * The pieces of a file after its header, encoded by `threads` workers, yielded in file order;
 * at most two pieces per worker are in memory at once.
 */
export async function* encodedPieces(
  rest: AsyncIterable<string>,
  request: Omit<PieceRequest, 'id' | 'text' | 'firstLine'>,
  threads: number,
  pieceChars = PIECE_CHARS,
): AsyncGenerator<EncodedRows> {
  const pool = new ParsePool(threads);
  try {
    const queue: Array<Promise<EncodedRows>> = [];
    for await (const piece of filePieces(rest, 2, pieceChars)) {
      const result = pool.encode({ ...request, ...piece });
      // Awaited in order below; a failure meanwhile must not count as unhandled.
      result.catch(() => {});
      queue.push(result);
      if (queue.length >= threads * IN_FLIGHT_PER_WORKER) yield await queue.shift()!;
    }
    while (queue.length) yield await queue.shift()!;
  } finally {
    await pool.close();
  }
}
