/**
 * npm run bench:upload-bomb [-- --gb 2]
 * Heavy (2 GB deflated once, then inflated by each reader): `flock /tmp/heavy.lock npm run bench:upload-bomb`.
 *
 * Issue 36's zip bomb: an XLSX whose sheet inflates to `--gb` GB of rows while its headers state
 * 1 KB (then, a second file, the same sheet with true headers). Each reader runs in a process of
 * its own on the same file: « avant », what the enrichment upload did before (exceljs loads the
 * workbook: JSZip inflates every part, then the sheet is parsed whole), and « après », the site's
 * reader (src/lib/tabular/read.ts). Prints the file's size, the time, the answer and the peak RSS
 * above the process's level just before the read (the same process, its modules loaded).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  repeatedPart,
  SHARED_HEAD,
  SHEET_HEAD,
  SHEET_TAIL,
  sheetBomb,
  workbookParts,
  zipOf,
} from '@/lib/tabular/zip-bombs';

/**
 * The heaviest workbook the reader accepts: 180,000 shared strings of 70 characters (15 MB of
 * XML) and 18,000 rows of 10 cells that use them, under every limit: what any accepted upload
 * costs at most.
 */
async function largestAccepted(): Promise<Buffer> {
  const shared = await repeatedPart(
    'xl/sharedStrings.xml',
    SHARED_HEAD,
    `<si><t>${'x'.repeat(70)}</t></si>`,
    SHARED_HEAD.length + 180_000 * 84 + 6,
    '</sst>',
  );
  const row = `<row>${'<c t="s"><v>0</v></c>'.repeat(10)}</row>`;
  const sheet = await repeatedPart(
    'xl/worksheets/sheet1.xml',
    SHEET_HEAD,
    row,
    SHEET_HEAD.length + 18_000 * row.length + SHEET_TAIL.length,
    SHEET_TAIL,
  );
  return zipOf([...workbookParts(true), shared, sheet]);
}

const args = process.argv.slice(2);
const MB = 1024 * 1024;

async function child(reader: string, file: string) {
  const bytes = readFileSync(file);
  const read =
    reader === 'avant'
      ? await (async () => {
          const excel = (await import('exceljs')).default;
          return async () => {
            const wb = new excel.Workbook();
            await wb.xlsx.load(bytes as unknown as ArrayBuffer);
            return `${wb.worksheets[0]?.rowCount ?? 0} lignes lues`;
          };
        })()
      : await (async () => {
          const { readTable } = await import('@/lib/tabular/read');
          return async () => {
            const r = await readTable(bytes);
            return r.ok ? `${r.value.rows.length} lignes lues` : `${r.code} : ${r.message}`;
          };
        })();
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t = performance.now();
  let answer: string;
  try {
    answer = await read();
  } catch (e) {
    answer = `exception : ${e instanceof Error ? e.message.slice(0, 80) : String(e)}`;
  }
  const ms = performance.now() - t;
  clearInterval(sampler);
  // maxRSS (KB) is the kernel's own peak: it also catches a spike between two samples.
  peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
  console.log(JSON.stringify({ ms, before, peak, answer }));
}

async function main() {
  const gb = Number(args[args.indexOf('--gb') + 1] ?? 2) || 2;
  const size = Math.round(gb * 1024 * MB);
  const dir = os.tmpdir();
  const files = [
    {
      label: 'tailles mentant (1 Ko déclaré)',
      file: path.join(dir, 'bombe-ment.xlsx'),
      declared: 1024,
    },
    { label: 'tailles vraies', file: path.join(dir, 'bombe-vraie.xlsx'), declared: undefined },
  ];
  for (const f of files) writeFileSync(f.file, await sheetBomb(size, f.declared));
  const largest = path.join(dir, 'plus-gros-accepte.xlsx');
  writeFileSync(largest, await largestAccepted());
  files.push({ label: 'le plus lourd accepté', file: largest, declared: undefined });
  console.log(
    `machine : ${os.cpus().length} cœurs ${os.cpus()[0]?.model ?? ''}, ${Math.round(os.totalmem() / 1024 ** 3)} Go, Node ${process.version}, charge ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`feuille de ${gb} Go une fois décompressée\n`);
  console.log('| fichier | taille | lecteur | temps | pic RSS au-dessus du repos | réponse |');
  console.log('|---|---|---|---|---|---|');
  for (const f of files) {
    const bytes = readFileSync(f.file).length;
    for (const reader of ['avant', 'après']) {
      let line: string;
      try {
        line = execFileSync(
          process.execPath,
          [
            '--expose-gc',
            '--import',
            'tsx',
            path.resolve('bench/upload-bomb.ts'),
            '--child',
            reader,
            f.file,
          ],
          {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
            maxBuffer: 16 * MB,
            timeout: 600_000,
          },
        );
      } catch (e) {
        const err = e as { status?: number; signal?: string; stderr?: string };
        const last = (err.stderr ?? '').trim().split('\n').filter(Boolean).pop() ?? '';
        console.log(
          `| ${f.label} | ${(bytes / MB).toFixed(2)} Mo | ${reader} | – | – | processus mort (${err.signal ?? err.status}) ${last.slice(0, 80)} |`,
        );
        continue;
      }
      const r = JSON.parse(line.trim().split('\n').pop()!) as {
        ms: number;
        before: number;
        peak: number;
        answer: string;
      };
      console.log(
        `| ${f.label} | ${(bytes / MB).toFixed(2)} Mo | ${reader} | ${(r.ms / 1000).toFixed(2)} s | ${((r.peak - r.before) / MB).toFixed(0)} Mo | ${r.answer.slice(0, 90)} |`,
      );
    }
  }
}

if (args[0] === '--child') void child(args[1]!, args[2]!);
else void main();
