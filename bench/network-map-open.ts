/**
 * Opening time of the director network map on a phone-class CPU (issue 38).
 *
 *   npx tsx bench/network-map-open.ts --url http://127.0.0.1:3000 [--runs 7] [--rate 4]
 *       [--path /entreprises/356000000/la-poste]
 *
 * Against a running site (`npm start`, real sample). For each run: a fresh Chromium page, its
 * CPU slowed down `--rate` times by the DevTools protocol (Emulation.setCPUThrottlingRate, what
 * Lighthouse uses for a mid-range phone), the company page loaded and idle, then the click on
 * « Afficher la carte du réseau » and the wait until the map's first label is drawn. Prints each
 * run, the median, and the JavaScript downloaded because of the click (gzip, as sent).
 */
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromePath, chromiumArgs } from '../e2e/browser';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const base = arg('url', process.env.BENCH_URL ?? 'http://127.0.0.1:3000');
const runs = Number(arg('runs', '7'));
const rate = Number(arg('rate', '4'));
const pagePath = arg('path', '/entreprises/356000000/la-poste');

async function main(): Promise<void> {
  const executablePath = chromePath();
  if (!executablePath) throw new Error('Chromium introuvable (CHROME_PATH ou /usr/bin/chromium)');
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs });
  const times: number[] = [];
  let jsAfterClick = 0;
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.goto(new URL(pagePath, base).toString(), { waitUntil: 'networkidle' });
      const open = page.getByRole('button', { name: 'Afficher la carte du réseau' });
      await open.scrollIntoViewIfNeeded();
      const scripts: Array<Promise<number>> = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script')
          scripts.push(
            r
              .body()
              .then((b) => gzipSync(b, { level: 6 }).length)
              // A script still arriving when the run's page closes: not counted.
              .catch(() => 0),
          );
      });
      const t0 = performance.now();
      await open.click();
      await page.locator('[data-network-graph] text').first().waitFor({ timeout: 60_000 });
      const ms = performance.now() - t0;
      times.push(ms);
      const js = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      if (run === 0) jsAfterClick = js;
      console.log(
        `essai ${run + 1} : ${ms.toFixed(0)} ms${run === 0 ? ` (cache vide, JS ${(js / 1024).toFixed(1)} KB gzip)` : ''}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `Ouverture de la carte, CPU ralenti ${rate}× : médiane ${median.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms sur ${runs} essais ; JavaScript chargé au clic : ${(jsAfterClick / 1024).toFixed(1)} KB gzip`,
  );
  console.log(
    `Machine : ${os.cpus().length} cœurs ${os.cpus()[0]?.model ?? ''}, charge ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
