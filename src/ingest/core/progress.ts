import cliProgress from 'cli-progress';
import { getEnv } from '@/config/env';

export type Progress = {
  update(bytes: number, rows: number): void;
  stop(): void;
};

const nf = new Intl.NumberFormat('fr-FR');

/**
 * A bar with rows/s and ETA (by bytes of the raw file) on a terminal; a plain line every few
 * seconds otherwise (CI logs, pipes).
 */
export function createProgress(
  label: string,
  totalBytes: number,
  mode: 'auto' | 'off' = 'auto',
): Progress {
  const started = Date.now();
  if (mode === 'off') return { update() {}, stop() {} };
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {rows} lignes | {rate} lignes/s | reste {eta_formatted}`,
        stream: process.stderr,
        hideCursor: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(totalBytes, 0, { rows: '0', rate: '0' });
    return {
      update(bytes, rows) {
        const secs = Math.max((Date.now() - started) / 1000, 0.001);
        bar.update(Math.min(bytes, totalBytes), {
          rows: nf.format(rows),
          rate: nf.format(Math.round(rows / secs)),
        });
      },
      stop() {
        bar.stop();
      },
    };
  }
  let last = started;
  // Plain lines every 5 s by default; INGEST_PROGRESS_INTERVAL_MS changes it (tests, CI logs).
  const interval = getEnv().INGEST_PROGRESS_INTERVAL_MS;
  return {
    update(bytes, rows) {
      const now = Date.now();
      if (now - last < interval) return;
      last = now;
      const secs = (now - started) / 1000;
      const rate = rows / secs;
      const frac = totalBytes ? bytes / totalBytes : 0;
      const eta = frac > 0 ? Math.round(secs / frac - secs) : null;
      console.error(
        `${label} : ${nf.format(rows)} lignes, ${nf.format(Math.round(rate))} lignes/s, ${Math.round(frac * 100)} %` +
          (eta !== null ? `, reste environ ${eta} s` : ''),
      );
    },
    stop() {},
  };
}

/** An import running in this process, as the metrics read it (src/server/metrics.ts). */
export type RunningImport = {
  source: string;
  file: string;
  startedAt: number;
  rowsRead: number;
  bytesRead: number;
  bytesTotal: number;
};

const live = ((
  globalThis as unknown as { __runningImports?: Set<RunningImport> }
).__runningImports ??= new Set());

/**
 * Registers an import as running in this process until `done`: rows read and bytes of the raw file
 * read so far, out of its size (the total rows of a CSV are only known at its end: estimated from
 * the bytes). The scheduled poll runs in the web server's job workers, whose metrics show it.
 */
export function trackImport(source: string, file: string, bytesTotal: number) {
  const entry: RunningImport = {
    source,
    file,
    startedAt: Date.now(),
    rowsRead: 0,
    bytesRead: 0,
    bytesTotal,
  };
  live.add(entry);
  return {
    update(bytes: number, rows: number) {
      entry.bytesRead = bytes;
      entry.rowsRead = rows;
    },
    done() {
      live.delete(entry);
    },
  };
}

/** The imports running in this process now. */
export function runningImports(): RunningImport[] {
  return [...live];
}
