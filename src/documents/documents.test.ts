/**
 * Every kind and format, generated on the real sample for five companies (Danone, La Poste, the
 * struck-off GANYMEDE, an individual entrepreneur and the non-diffusible 300025764), read back
 * (PDF text, DOCX XML, XLSX cells, CSV rows) and checked: name, SIREN, key values, and no data
 * the company's page hides.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { openSampleDb } from '@/testing/sample-db';
import { documentOffers } from '@/domain/catalogue/documents';
import type { DocumentFormat } from '@/domain/catalogue';
import { requestHidden } from '@/opposition/testing';
import { availability, generate, type DocumentFile } from './index';
import { setDocumentServices } from './services';

const NOW = new Date('2026-11-24T09:30:00Z');
const COMPANIES = {
  danone: '552032534',
  laPoste: '356000000',
  ganymede: '880878145',
  entrepreneur: '883010316',
  hidden: '300025764',
} as const;
const NAMES: Record<string, RegExp> = {
  '552032534': /DANONE/,
  '356000000': /LA POSTE/,
  '880878145': /GANYMEDE/i,
  '883010316': /RAPHAEL DUBIGNY/i,
  '300025764': /identité non diffusible/,
};
/** Planted in the raw rows of the non-diffusible company: no document may print them. */
const HIDDEN = ['CACHENOM', 'PRENOMCACHE', 'RUE CACHEE', 'SIGNECACHE'];

let handle: DbHandle;
const payloads: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  handle = await openSampleDb();
  const db = handle.db;
  await db.execute(
    sql`UPDATE companies SET last_name = 'CACHENOM', first_names = 'PRENOMCACHE' WHERE siren = '300025764'`,
  );
  await db.execute(
    sql`UPDATE establishments SET address_number = '12', address_street = 'RUE CACHEE', signs = ARRAY['SIGNECACHE'] WHERE siren = '300025764'`,
  );
  // A director of Danone who opposed: he must vanish from every document.
  await requestHidden(db, {
    kind: 'person',
    lastName: 'SCHNEPP',
    firstNames: 'Gilles',
    birthMonth: '1958-10',
    email: 'opposition@example.org',
  });
  const brand = await db.execute<{ siren: string; application_number: string }>(
    sql`SELECT siren, application_number FROM brands WHERE siren IN ('552032534', '356000000') ORDER BY application_number LIMIT 1`,
  );
  const notice = await db.execute<{ id: string }>(
    sql`SELECT id FROM notices WHERE siren = '880878145' ORDER BY published_at DESC LIMIT 1`,
  );
  const brandRow = brand.rows[0];
  const noticeId = notice.rows[0]?.id;
  for (const siren of Object.values(COMPANIES)) {
    payloads[siren] = {
      brands: { brand_number: brandRow?.siren === siren ? brandRow.application_number : '0000000' },
      'commercial-advertisements': { commercial_advertisement_id: noticeId },
      letters: { type: 'mise-en-demeure-de-payer' },
      'director-report': { n: 1 },
      'custom-document': {
        documentId: 'relance-de-paiement',
        fields: {
          senderName: 'Fournisseur Exemple SARL',
          senderAddress: '3 rue du Test, 75002 Paris',
          senderSignatory: 'Claire Martin, gérante',
          invoiceRefs: 'Facture F-2026-118 du 2 octobre 2026',
          amount: '1234567',
          dueDate: '2026-11-01',
          place: 'Paris',
          letterDate: '2026-11-24',
          recipientAddress: 'Adresse du client',
          // The non-diffusible company's name is not pre-filled: the buyer types it.
          ...(siren === '300025764' ? { recipientName: 'Client' } : {}),
        },
      },
    };
  }
  setDocumentServices({ vies: null, inpi: null, site: 'registre.test' });
}, 400_000);

afterAll(async () => {
  setDocumentServices(null);
  await handle?.close();
});

/** Text of a file, whatever its format, with no-break spaces as plain spaces. */
async function readBack(file: DocumentFile): Promise<string> {
  let text: string;
  switch (file.format) {
    case 'pdf': {
      const pdf = await getDocumentProxy(new Uint8Array(file.body));
      text = (await extractText(pdf, { mergePages: true })).text;
      break;
    }
    case 'docx': {
      const zip = await JSZip.loadAsync(file.body);
      const parts = Object.keys(zip.files).filter((f) =>
        /^word\/(document|header\d*|footer\d*)\.xml$/.test(f),
      );
      const xml = (await Promise.all(parts.map((f) => zip.file(f)!.async('string')))).join('\n');
      text = xml
        .replace(/<w:tab\/>/g, ' ')
        .replace(/<\/w:p>/g, '\n')
        .replace(/<[^>]+>/g, '');
      break;
    }
    case 'xlsx': {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.body as unknown as ArrayBuffer);
      const cells: string[] = [];
      wb.eachSheet((ws) =>
        ws.eachRow((row) =>
          row.eachCell((c) => {
            const v = c.value;
            cells.push(v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? ''));
          }),
        ),
      );
      text = cells.join('\n');
      break;
    }
    case 'csv':
      text = file.body.toString('utf8');
      break;
  }
  return text
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/(\S)\n(?=\S)/g, '$1 ');
}

const formatted = (siren: string) => `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;

type Produced = {
  kind: string;
  siren: string;
  format: DocumentFormat;
  file: DocumentFile;
  text: string;
};
const produced: Produced[] = [];

describe('every kind, format and company', () => {
  it('produces a readable file, or says why not before payment, the same way', async () => {
    const unavailable: string[] = [];
    for (const offer of documentOffers()) {
      for (const siren of Object.values(COMPANIES)) {
        const before = await availability(handle.db, offer.kind, siren);
        for (const format of offer.formats) {
          const r = await generate(
            handle.db,
            offer.kind,
            siren,
            payloads[siren]![offer.kind] ?? {},
            {
              format,
              orderNumber: 'CMD-2026-0042',
              now: NOW,
            },
          );
          const label = `${offer.kind} ${siren} ${format}`;
          if (!r.ok) {
            // What availability refused, generate refuses with the same code; nothing else fails.
            expect(r.code, `${label}: ${r.message}`).toBe('DOCUMENT_UNAVAILABLE');
            unavailable.push(label);
            if (offer.kind !== 'brands' && offer.kind !== 'commercial-advertisements') {
              expect(before.available, label).toBe(false);
            }
            continue;
          }
          expect(before, label).toEqual({ available: true });
          expect(r.value.format).toBe(format);
          expect(r.value.fileName.endsWith(`.${format}`), label).toBe(true);
          const text = await readBack(r.value);
          produced.push({ kind: offer.kind, siren, format, file: r.value, text });
        }
      }
    }
    // Sanity: most of the matrix is produced, third-party kinds are not.
    expect(produced.length).toBeGreaterThan(150);
    expect(unavailable.some((u) => u.startsWith('kbis '))).toBe(true);
  }, 600_000);

  it('names the company and its SIREN in every printed document', () => {
    for (const p of produced) {
      if (p.format === 'csv') continue;
      const label = `${p.kind} ${p.siren} ${p.format}`;
      if (p.kind === 'director-report') continue; // about a person, checked below
      if (p.kind === 'custom-document' || p.kind === 'letters') {
        expect(p.text, label).toMatch(/SIREN/);
        continue;
      }
      expect(p.text, label).toMatch(NAMES[p.siren]!);
      expect(p.text, label).toContain(formatted(p.siren));
    }
  });

  it('prints the order number and the generation date in French on PDF and Word files', () => {
    for (const p of produced.filter((x) => x.format === 'pdf' || x.format === 'docx')) {
      expect(p.text, `${p.kind} ${p.format}`).toContain('CMD-2026-0042');
      expect(p.text, `${p.kind} ${p.format}`).toMatch(/24 novembre 2026/);
    }
  });

  it('never prints what the non-diffusible company hides, nor a director who opposed', () => {
    for (const p of produced) {
      for (const secret of HIDDEN)
        expect(p.text, `${p.kind} ${p.siren} ${p.format}`).not.toContain(secret);
      expect(p.text, `${p.kind} ${p.siren} ${p.format}`).not.toMatch(/SCHNEPP/i);
    }
    const hidden = produced.filter((p) => p.siren === COMPANIES.hidden && p.format === 'pdf');
    expect(hidden.length).toBeGreaterThan(3);
    for (const p of hidden) {
      if (p.kind === 'custom-document' || p.kind === 'letters') continue;
      expect(p.text, p.kind).toMatch(/diffusion partielle/);
      if (['company-summary', 'sirene-situations', 'establishments-list'].includes(p.kind)) {
        expect(p.text, p.kind).toMatch(/RENNES/);
      }
    }
  });

  it('gives directors’ birth as month and year only', () => {
    const synthesis = produced.find(
      (p) =>
        p.kind === 'representative-synthesis' && p.siren === COMPANIES.danone && p.format === 'pdf',
    )!;
    expect(synthesis.text).toMatch(/BERNARD DE SAINT AFFRIQUE/);
    expect(synthesis.text).toMatch(/décembre 1964/);
    const report = produced.find(
      (p) => p.kind === 'director-report' && p.siren === COMPANIES.ganymede && p.format === 'pdf',
    )!;
    expect(report.text).toMatch(/JOUPPE/);
    expect(report.text).toMatch(/février 1990/);
    expect(report.text).toMatch(/GANYMEDE|Ganymède/i);
    for (const p of produced) expect(p.text).not.toMatch(/\b\d{1,2} février 1990\b/);
  });

  it('carries the key values of each kind', () => {
    const text = (kind: string, siren: string, format: DocumentFormat = 'pdf') =>
      produced.find((p) => p.kind === kind && p.siren === siren && p.format === format)?.text ?? '';
    expect(text('vat-numbers', COMPANIES.danone)).toContain('FR27552032534');
    expect(text('vat-numbers', COMPANIES.danone)).toMatch(/Non vérifié/);
    expect(text('eori-numbers', COMPANIES.danone)).toContain('FR55203253400703');
    expect(text('ape-codes', COMPANIES.danone)).toMatch(/70\.10Z/);
    expect(text('rcs-numbers', COMPANIES.ganymede)).toMatch(/880878145 R\.C\.S\. Paris/);
    expect(text('sirene-situations', COMPANIES.ganymede)).toMatch(
      /Radiée du RCS le 14.novembre.2022 \(activité cessée le 22.octobre.2022\)/,
    );
    expect(text('rne-extracts', COMPANIES.danone)).toMatch(/n’est pas un extrait Kbis/);
    expect(text('company-summary', COMPANIES.danone)).toMatch(/170 348 620,75 €/);
    expect(text('establishments-list', COMPANIES.laPoste, 'csv')).toMatch(/^\uFEFFSIRET;/);
    expect(
      text('establishments-list', COMPANIES.laPoste, 'csv').split('\r\n').filter(Boolean),
    ).toHaveLength(5);
    expect(text('establishments-list', COMPANIES.laPoste, 'xlsx')).toContain('35600000000048');
    // The list states what it covers against the registry's stated total, with source and date
    // (the paid list of Danone said « 1 établissement » where the registry states 19).
    expect(text('establishments-list', COMPANIES.danone)).toMatch(
      /\d+ établissements? dans nos données sur 19 déclarés au répertoire Sirene \(source : Annuaire des Entreprises \(DINUM\), données du \d+(er)? \p{L}+ \d{4}\)/u,
    );
    expect(text('commercial-advertisements-list', COMPANIES.ganymede)).toMatch(/Radiation/);
    expect(text('modification-history', COMPANIES.ganymede, 'csv')).toMatch(/23\/11\/2022/);
    expect(text('insolvency-proceeding-list', COMPANIES.danone)).toMatch(
      /Aucune procédure collective/,
    );
    expect(text('collective-agreements', COMPANIES.laPoste, 'xlsx')).toMatch(/IDCC|\d{4}/);
    expect(text('financial-diagnostics', COMPANIES.danone)).toMatch(/Méthode/);
    expect(text('key-figures', COMPANIES.danone, 'xlsx')).toContain('27376000000');
    // The Annuaire's 2024 figures carry no accounts type: their own table, never among the
    // company's accounts (issue 16, part 7).
    const keyFigures = text('key-figures', COMPANIES.danone);
    const untyped = keyFigures.indexOf('Chiffres publiés sans type de comptes');
    expect(untyped).toBeGreaterThan(keyFigures.indexOf('Comptes sociaux'));
    expect(keyFigures.search(/27.376.000.000/)).toBeGreaterThan(untyped);
    expect(text('custom-document', COMPANIES.danone, 'docx')).toMatch(/1 234 567 €/);
    expect(text('custom-document', COMPANIES.danone, 'pdf')).toMatch(
      /n’est pas un conseil juridique|non un conseil juridique/,
    );
    expect(text('letters', COMPANIES.danone, 'docx')).toMatch(/mettons en demeure/);
  });

  it('writes accessible PDF metadata: title and French language', async () => {
    const p = produced.find((x) => x.kind === 'company-summary' && x.format === 'pdf')!;
    const meta = await getMeta(new Uint8Array(p.file.body));
    expect((meta.info as { Title?: string }).Title).toBe('Fiche synthétique de l’entreprise');
    expect(p.file.body.toString('latin1')).toMatch(/\/Lang \(fr-FR\)/);
    expect(p.file.body.toString('latin1')).toMatch(/DejaVuSans/);
  });

  it('renders each PDF kind to a page that is not blank', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'documents-png-'));
    try {
      const firstPerKind = new Map<string, Produced>();
      for (const p of produced)
        if (p.format === 'pdf' && !firstPerKind.has(p.kind)) firstPerKind.set(p.kind, p);
      expect(firstPerKind.size).toBeGreaterThan(20);
      for (const [kind, p] of firstPerKind) {
        const pdf = path.join(dir, `${kind}.pdf`);
        writeFileSync(pdf, p.file.body);
        execFileSync('pdftoppm', [
          '-gray',
          '-r',
          '30',
          '-f',
          '1',
          '-l',
          '1',
          pdf,
          path.join(dir, kind),
        ]);
        const image = readdirSync(dir).find((f) => f.startsWith(`${kind}-`) && f.endsWith('.pgm'))!;
        const data = readFileSync(path.join(dir, image));
        // PGM: "P5\n<w> <h>\n255\n" then one byte per pixel.
        const header = data.toString('latin1', 0, 30).split(/\s+/);
        const pixels = Number(header[1]) * Number(header[2]);
        const body = data.subarray(data.length - pixels);
        const inked = body.filter((b) => b < 200).length / pixels;
        expect(inked, kind).toBeGreaterThan(0.01);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('unavailable kinds', () => {
  it('says why a third party’s document cannot be ordered, in French', async () => {
    const kbis = await availability(handle.db, 'kbis', COMPANIES.danone);
    expect(kbis).toMatchObject({ available: false });
    expect(!kbis.available && kbis.reason).toMatch(/greffes.*n’est pas un Kbis/s);
    const acts = await availability(handle.db, 'acts', COMPANIES.danone);
    expect(!acts.available && acts.reason).toMatch(/INPI/);
    const r = await generate(handle.db, 'balance-sheets', COMPANIES.danone, { fiscal_year: 2023 });
    expect(r).toMatchObject({ ok: false, code: 'DOCUMENT_UNAVAILABLE' });
  });

  it('answers NOT_FOUND for an unknown company and INVALID_INPUT for a bad kind or format', async () => {
    expect(await generate(handle.db, 'vat-numbers', '732829320', {})).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await generate(handle.db, 'nope', COMPANIES.danone, {})).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
    expect(
      await generate(handle.db, 'vat-numbers', COMPANIES.danone, {}, { format: 'csv' }),
    ).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
  });

  it('refuses a custom document whose required answers are missing, field by field', async () => {
    const r = await generate(handle.db, 'custom-document', COMPANIES.danone, {
      documentId: 'mise-en-demeure-de-payer',
      fields: { amount: 'beaucoup' },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe('VALIDATION_FAILED');
      expect(r.fields?.amount).toEqual(['Indiquez un nombre.']);
      expect(r.fields?.senderName).toEqual(['Ce champ est obligatoire.']);
      expect(r.fields?.recipientName).toBeUndefined(); // pre-filled from Danone
    }
  });
});
