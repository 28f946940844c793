import { createHash } from 'node:crypto';
import { createReadStream, promises as fsp } from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';
import { ImportError } from './errors';

export type InputFormat = 'plain' | 'gzip' | 'zip';

/** One input file, opened for streaming: decompressed bytes, and how far we are in the raw file. */
export type OpenedInput = {
  path: string;
  name: string;
  format: InputFormat;
  /** Name of the entry read inside a zip archive. */
  entryName?: string;
  size: number;
  stream: Readable;
  /** Raw (compressed) bytes read so far, for the progress bar. */
  bytesRead: () => number;
  /** SHA-256 of the raw file; resolved once the stream has ended. */
  sha256: () => Promise<string>;
};

const GZIP_MAGIC = [0x1f, 0x8b];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

async function readHead(file: string, n: number): Promise<Buffer> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

const startsWith = (buf: Buffer, magic: number[]) => magic.every((b, i) => buf[i] === b);

function hashFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });
}

/**
 * Opens a file whatever its packaging: plain, gzip, or zip as INSEE publishes the stock (the first
 * entry whose name ends with one of `zipExtensions`). Errors are French ImportErrors.
 */
export async function openInput(file: string, zipExtensions = ['.csv']): Promise<OpenedInput> {
  const name = path.basename(file);
  let stat;
  try {
    stat = await fsp.stat(file);
  } catch {
    throw new ImportError(`Fichier introuvable : ${file}`);
  }
  if (stat.isDirectory()) throw new ImportError(`${file} est un dossier, pas un fichier.`);
  if (stat.size === 0) throw new ImportError(`Le fichier ${name} est vide.`);
  const head = await readHead(file, 4);
  let raw = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      raw += chunk.length;
      cb(null, chunk);
    },
  });

  // An XLSX workbook is a zip too, read whole by its importer (src/ingest/core/labels.ts).
  if (startsWith(head, ZIP_MAGIC) && !/\.xlsx$/i.test(name)) {
    const { stream, entryName } = await openZipEntry(file, zipExtensions);
    const out = stream.pipe(counter);
    stream.on('error', (e) => out.destroy(e));
    out.on('error', () => {});
    // Zip: progress counts uncompressed bytes against the entry size is unknown here; use the
    // compressed size as an approximation of the total.
    return {
      path: file,
      name,
      format: 'zip',
      entryName,
      size: stat.size,
      stream: out,
      bytesRead: () => Math.min(raw, stat.size),
      sha256: () => hashFile(file),
    };
  }

  const hash = createHash('sha256');
  let digest: Promise<string>;
  const source = createReadStream(file, { highWaterMark: 1 << 20 });
  const tap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      raw += chunk.length;
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  const hashed = new Promise<string>((resolve) => tap.on('end', () => resolve(hash.digest('hex'))));
  digest = hashed;
  source.on('error', (e) => tap.destroy(e));
  source.pipe(tap);
  tap.on('error', () => {});

  if (startsWith(head, GZIP_MAGIC)) {
    const gunzip = createGunzip({ chunkSize: 1 << 20 });
    const out = new PassThrough({ highWaterMark: 1 << 20 });
    tap.on('error', (e) => out.destroy(e));
    gunzip.on('error', (e: NodeJS.ErrnoException) => {
      const truncated = e.code === 'Z_BUF_ERROR' || /unexpected end/i.test(e.message);
      out.destroy(
        new ImportError(
          truncated
            ? `Le fichier ${name} est une archive gzip tronquée : il s'arrête avant la fin des données. Téléchargez-le à nouveau.`
            : `Le fichier ${name} n'est pas une archive gzip valide (${e.message}).`,
        ),
      );
    });
    tap.pipe(gunzip).pipe(out);
    // The consumer sees errors through its iterator; this keeps a late one from going uncaught.
    out.on('error', () => {});
    gunzip.on('close', () => {});
    // The digest resolves when all raw bytes went through, even if gunzip is slower.
    digest = hashed;
    return {
      path: file,
      name,
      format: 'gzip',
      size: stat.size,
      stream: out,
      bytesRead: () => raw,
      sha256: () => digest,
    };
  }
  return {
    path: file,
    name,
    format: 'plain',
    size: stat.size,
    stream: tap,
    bytesRead: () => raw,
    sha256: () => digest,
  };
}

function openZipEntry(
  file: string,
  extensions: string[],
): Promise<{ stream: Readable; entryName: string }> {
  const name = path.basename(file);
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) {
        reject(
          new ImportError(
            `Le fichier ${name} n'est pas une archive zip lisible (${err?.message ?? 'inconnu'}).`,
          ),
        );
        return;
      }
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        const lower = entry.fileName.toLowerCase();
        if (!found && !lower.endsWith('/') && extensions.some((ext) => lower.endsWith(ext))) {
          found = true;
          zip.openReadStream(entry, (e, stream) => {
            if (e || !stream) {
              reject(
                new ImportError(
                  `Impossible de lire ${entry.fileName} dans l'archive ${name} (${e?.message}).`,
                ),
              );
              return;
            }
            resolve({ stream, entryName: entry.fileName });
          });
        } else zip.readEntry();
      });
      zip.on('end', () => {
        if (!found)
          reject(
            new ImportError(
              `L'archive ${name} ne contient aucun fichier ${extensions.join(' ou ')}.`,
            ),
          );
      });
      zip.on('error', (e: Error) =>
        reject(new ImportError(`L'archive zip ${name} est corrompue ou tronquée (${e.message}).`)),
      );
      zip.readEntry();
    });
  });
}

/**
 * Decodes the stream as UTF-8 text, chunk by chunk, and refuses binary content (NUL bytes or
 * invalid UTF-8 at the start of the file) with a clear message.
 */
export async function* textChunks(input: OpenedInput): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  let any = false;
  try {
    for await (const chunk of input.stream as AsyncIterable<Buffer>) {
      if (chunk.length === 0) continue;
      let text = decoder.write(chunk);
      if (first) {
        first = false;
        const probe = text.slice(0, 4096);
        if (probe.includes('\u0000') || (probe.match(/\uFFFD/g)?.length ?? 0) > 2) {
          throw new ImportError(
            `Le fichier ${input.entryName ?? input.name} n'est pas un fichier texte : son contenu est binaire (mauvais fichier, ou archive dans un format non pris en charge).`,
          );
        }
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (text) {
        any = true;
        yield text;
      }
    }
  } catch (e) {
    if (e instanceof ImportError) throw e;
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(err.message)) {
      throw new ImportError(
        `Le fichier ${input.name} est une archive tronquée : il s'arrête avant la fin des données. Téléchargez-le à nouveau.`,
      );
    }
    throw e;
  }
  const rest = decoder.end();
  if (rest) {
    any = true;
    yield rest;
  }
  if (!any) throw new ImportError(`Le fichier ${input.entryName ?? input.name} est vide.`);
}

/** Reads a whole (small) text input: JSON answers of APIs. */
export async function readAllText(
  input: OpenedInput,
  maxBytes = 256 * 1024 * 1024,
): Promise<string> {
  let out = '';
  for await (const t of textChunks(input)) {
    out += t;
    if (out.length > maxBytes)
      throw new ImportError(
        `Le fichier ${input.name} dépasse ${maxBytes / 1024 / 1024} Mo pour un document JSON unique.`,
      );
  }
  return out;
}
