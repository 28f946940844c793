/**
 * `npm run bench:documents`: generation time per kind and format, p50 and p95 over the companies
 * of the real sample (200 by default), and the process's peak memory; then lists of 10,000 rows
 * rendered as PDF, XLSX and CSV.
 *
 * Data: a dedicated PostgreSQL database (BENCH_DATABASE, default `bench_documents`, on
 * DATABASE_URL's server or postgres://postgres@127.0.0.1:5432) migrated and loaded once with the
 * real sample (data/samples). The companies: first those with accounts, brands or collective
 * agreements (so the financial and list kinds are measured), then a fixed spread by md5(siren). A kind that `availability` refuses for a company is not timed for it. VIES is not called
 * (no network); INPI kinds are unavailable without credentials.
 * The 10,000-row lists are generated rows ("ÉTABLISSEMENT GÉNÉRÉ n"), for measurement only.
 *
 *   npm run bench:documents
 *   npm run bench:documents -- --companies 50
 * Run it under `flock /tmp/heavy.lock` when the machine is shared.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { connectPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { documentOffers } from '../src/domain/catalogue/documents';
import { ESTABLISHMENT_COLUMNS } from '../src/documents/generators/lists';
import { availability, generate } from '../src/documents';
import { render } from '../src/documents/engine';
import type { DocumentModel } from '../src/documents/model';
import { setDocumentServices } from '../src/documents/services';
import { seedIfEmpty } from '../src/ingest/seed';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const COMPANIES = Number(arg('--companies') ?? 200);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'bench_documents';
const benchUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);
sampler.unref();

const pct = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1).padStart(8) : '       —');

const PAYLOADS: Record<string, unknown> = {
  letters: { type: 'mise-en-demeure-de-payer' },
  'director-report': { n: 1 },
  'custom-document': {
    documentId: 'relance-de-paiement',
    fields: {
      senderName: 'Fournisseur Exemple SARL',
      senderAddress: '3 rue du Test, 75002 Paris',
      senderSignatory: 'Claire Martin, gérante',
      recipientName: 'Client',
      recipientAddress: 'Adresse du client',
      invoiceRefs: 'Facture F-2026-118',
      amount: '1234',
      dueDate: '2026-11-01',
      place: 'Paris',
      letterDate: '2026-11-24',
    },
  },
};

async function ensureDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
}

function generatedList(rows: number): DocumentModel {
  return {
    kind: 'establishments-list',
    title: 'Liste des établissements',
    subtitle: 'ENTREPRISE GÉNÉRÉE — SIREN 000 000 000 (données générées pour la mesure)',
    subject: 'bench',
    fileStem: 'bench',
    sources: [],
    blocks: [
      {
        type: 'table',
        sheet: 'Établissements',
        primary: true,
        columns: ESTABLISHMENT_COLUMNS,
        rows: Array.from({ length: rows }, (_, i) => [
          `00000000${String(i).padStart(6, '0')}`,
          i === 0 ? 'Oui' : 'Non',
          i % 7 ? 'Ouvert' : 'Fermé',
          `${i} RUE DE LA MESURE, ÉTABLISSEMENT GÉNÉRÉ ${i}, 75001 PARIS`,
          '53.10Z Activités de poste dans le cadre d’une obligation de service universel',
          '10 à 19 salariés',
          '2001-01-01',
          i % 7 ? null : '2020-06-30',
        ]),
        empty: '',
      },
    ],
  };
}

async function main() {
  await ensureDatabase();
  const handle = connectPostgres(benchUrl);
  try {
    await runMigrations(handle);
    const seeded = await seedIfEmpty(handle);
    if (seeded.loaded) console.log(`Échantillon réel chargé : ${seeded.reason}`);
    setDocumentServices({ vies: null, inpi: null, site: 'registre.bench' });
    const { rows } = await handle.db.execute<{ siren: string }>(
      sql`SELECT c.siren FROM companies c
          ORDER BY (EXISTS (SELECT 1 FROM financials f WHERE f.siren = c.siren)
                    OR EXISTS (SELECT 1 FROM brands b WHERE b.siren = c.siren)
                    OR EXISTS (SELECT 1 FROM establishment_agreements a WHERE a.siren = c.siren)) DESC,
                   md5(c.siren)
          LIMIT ${COMPANIES}`,
    );
    const sirens = rows.map((r) => r.siren);
    console.log(
      `Machine : ${os.cpus().length} cœurs (${os.cpus()[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} Gio, Node ${process.version}`,
    );
    console.log(`Entreprises : ${sirens.length} de l’échantillon réel ; base ${dbName}\n`);

    // Warm-up: fonts, modules, prepared statements.
    await generate(handle.db, 'company-summary', '552032534', {}, { format: 'pdf' });

    console.log('type de document                  format   n     p50 ms   p95 ms   max ms');
    const pdfP95: number[] = [];
    for (const offer of documentOffers()) {
      const times: Record<string, number[]> = {};
      const available: string[] = [];
      for (const siren of sirens) {
        const a = await availability(handle.db, offer.kind, siren);
        if (a.available) available.push(siren);
      }
      for (const format of offer.formats) {
        const t: number[] = [];
        for (const siren of available) {
          const started = performance.now();
          const r = await generate(handle.db, offer.kind, siren, PAYLOADS[offer.kind] ?? {}, {
            format,
            orderNumber: 'BENCH-1',
          });
          const elapsed = performance.now() - started;
          if (r.ok) t.push(elapsed);
        }
        times[format] = t.sort((a, b) => a - b);
      }
      for (const format of offer.formats) {
        const t = times[format]!;
        if (!t.length) {
          console.log(
            `${offer.kind.padEnd(33)} ${format.padEnd(6)} ${'0'.padStart(4)}   (indisponible pour ces entreprises)`,
          );
          continue;
        }
        if (format === 'pdf') pdfP95.push(pct(t, 95));
        console.log(
          `${offer.kind.padEnd(33)} ${format.padEnd(6)} ${String(t.length).padStart(4)} ${ms(pct(t, 50))} ${ms(pct(t, 95))} ${ms(t[t.length - 1]!)}`,
        );
      }
    }
    console.log(
      `\nPDF : p95 le plus élevé ${Math.max(...pdfP95).toFixed(1)} ms (objectif ≤ 300 ms)`,
    );

    console.log(
      '\nListes de 10 000 lignes générées (rendu seul, 3 passes ; le PDF en imprime les 1 000 premières) :',
    );
    const model = generatedList(10_000);
    const meta = { orderNumber: 'BENCH-1', generatedAt: new Date(), site: 'registre.bench' };
    for (const format of ['pdf', 'xlsx', 'csv'] as const) {
      const t: number[] = [];
      let size = 0;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        size = (await render(model, format, meta)).length;
        t.push(performance.now() - started);
      }
      t.sort((a, b) => a - b);
      console.log(
        `  ${format.padEnd(5)} médiane ${t[1]!.toFixed(0).padStart(6)} ms, max ${t[2]!.toFixed(0).padStart(6)} ms, ${(size / 1024).toFixed(0)} Kio (objectif ≤ 2 000 ms)`,
      );
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.log(
      `\nMémoire : pic RSS ${(peakRss / 2 ** 20).toFixed(0)} Mio (échantillonné), maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} Mio`,
    );
  } finally {
    await handle.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
