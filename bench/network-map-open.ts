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
 *
 * Where the time goes, per run and as medians, timed inside the page from the click (Resource
 * Timing and the map's own User Timing marks): when the map's code has arrived (last script
 * loaded after the click), when the network data has arrived, how long the layout took
 * (`performance.measure('carte:disposition')` in NetworkGraph.tsx), and when the first label is in
 * the page (a MutationObserver, so the figure does not include Playwright's polling).
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
  const phases: Phases[] = [];
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
      await page.evaluate(watchOpening);
      const t0 = performance.now();
      await open.click();
      await page.locator('[data-network-graph] text').first().waitFor({ timeout: 60_000 });
      const ms = performance.now() - t0;
      times.push(ms);
      const phase = await page.evaluate(readPhases);
      phases.push(phase);
      const js = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      if (run === 0) jsAfterClick = js;
      console.log(
        `essai ${run + 1} : ${ms.toFixed(0)} ms${run === 0 ? ` (cache vide, JS ${(js / 1024).toFixed(1)} KB gzip)` : ''} — ${describe(phase)}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const med = (k: keyof Phases) => {
    const v = phases.map((p) => p[k]).filter((x): x is number => x !== null);
    return v.length ? [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]! : null;
  };
  console.log(
    `Médianes depuis le clic (dans la page) : ${describe({ code: med('code'), data: med('data'), layout: med('layout'), label: med('label') })}`,
  );
  console.log(
    `Ouverture de la carte, CPU ralenti ${rate}× : médiane ${median.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms sur ${runs} essais ; JavaScript chargé au clic : ${(jsAfterClick / 1024).toFixed(1)} KB gzip`,
  );
  console.log(
    `Machine : ${os.cpus().length} cœurs ${os.cpus()[0]?.model ?? ''}, charge ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
  );
}

type Phases = {
  /** Last script loaded after the click ended (ms after the click), null if none. */
  code: number | null;
  /** The network answer ended. */
  data: number | null;
  /** Duration of the layout computation(s). */
  layout: number | null;
  /** First label in the page. */
  label: number | null;
};

const fmt = (v: number | null) => (v === null ? '—' : `${v.toFixed(0)} ms`);
const describe = (p: Phases) =>
  `code ${fmt(p.code)}, données ${fmt(p.data)}, disposition ${fmt(p.layout)}, premier libellé ${fmt(p.label)}`;

/** In the page, before the click: marks the click and the first label drawn. */
function watchOpening(): void {
  performance.clearMarks();
  performance.clearMeasures();
  document.addEventListener('click', () => performance.mark('bench:clic'), {
    capture: true,
    once: true,
  });
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-network-graph] text')) return;
    performance.mark('bench:libelle');
    observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * In the page, once the label is there: the phases, in ms after the click. (No named inner
 * function: tsx would wrap it in a `__name` helper that the page does not have.)
 */
function readPhases(): Phases {
  const click = performance.getEntriesByName('bench:clic')[0]?.startTime ?? 0;
  const resources = performance
    .getEntriesByType('resource')
    .filter((r) => r.startTime >= click - 1000) as PerformanceResourceTiming[];
  const scripts = resources.filter((r) => r.initiatorType === 'script').map((r) => r.responseEnd);
  const data = resources.find((r) => /\/network\?depth=2$/.test(r.name))?.responseEnd;
  const layouts = performance.getEntriesByName('carte:disposition');
  const label = performance.getEntriesByName('bench:libelle')[0]?.startTime;
  return {
    code: scripts.length ? Math.max(...scripts) - click : null,
    data: data === undefined ? null : data - click,
    layout: layouts.length ? layouts.reduce((sum, m) => sum + m.duration, 0) : null,
    label: label === undefined ? null : label - click,
  };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
