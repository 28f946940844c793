/**
 * What the synthetic SIRENE generators share (sirene.ts for scale tests, france.ts for the
 * full-size France): the stock layouts, rows built by column name, dates and identifiers drawn
 * from a PRNG, and files written with back-pressure.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { ETABLISSEMENT_SCHEMAS, UNITE_LEGALE_SCHEMAS } from '../sirene/schemas';
import { withLuhnKey } from '@/domain/siren';
import type { Rng } from './random';

/** INSEE's current layouts: StockUniteLegale (35 columns), StockEtablissement (54 columns). */
export const UL_HEADER = UNITE_LEGALE_SCHEMAS[0]!.columns;
export const ET_HEADER = ETABLISSEMENT_SCHEMAS[0]!.columns;

export { withLuhnKey };

export const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** A day between the years `from` (included) and `to` (excluded), ISO. */
export function randomDate(rng: Rng, from: number, to: number): string {
  return `${from + rng.int(to - from)}-${pad(1 + rng.int(12), 2)}-${pad(1 + rng.int(28), 2)}`;
}

/** A last-processing timestamp between 2018 and 2025 (`seconds`: drawn, else `:00`). */
export function randomStamp(rng: Rng, seconds: boolean): string {
  const day = randomDate(rng, 2018, 2026);
  const time = `${pad(rng.int(24), 2)}:${pad(rng.int(60), 2)}`;
  return `${day}T${time}:${seconds ? pad(rng.int(60), 2) : '00'}`;
}

/** A row of `header`, the columns `values` names filled, the others empty. */
export function stockRow(header: readonly string[], values: Record<string, string>): string[] {
  const row: string[] = Array(header.length).fill('');
  for (const [column, v] of Object.entries(values)) {
    const k = header.indexOf(column);
    if (k < 0) throw new Error(`colonne inconnue : ${column}`);
    row[k] = v;
  }
  return row;
}

const csv = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** One line of a stock file. */
export const csvLine = (row: readonly string[]) => `${row.map(csv).join(',')}\n`;

export type Sink = { write(s: string): Promise<void>; end(): Promise<void> };

/** A file (gzip level 1 when the name ends in .gz), written with back-pressure. */
export function fileSink(path: string): Sink {
  const file = createWriteStream(path, { highWaterMark: 1 << 20 });
  const gz = path.endsWith('.gz') ? createGzip({ level: 1 }) : null;
  if (gz) gz.pipe(file);
  const out = (gz ?? file) as NodeJS.WritableStream;
  let buffered = '';
  return {
    async write(s) {
      buffered += s;
      if (buffered.length < 1 << 16) return;
      const ok = out.write(buffered);
      buffered = '';
      if (!ok) await once(out, 'drain');
    },
    async end() {
      if (buffered) out.write(buffered);
      out.end();
      await once(file, 'finish');
    },
  };
}
