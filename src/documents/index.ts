/**
 * STAND-IN for the documents helper's module (COMMON.md seam 3), with its exact signatures: it
 * produces the establishments list (CSV, XLSX, PDF); every other kind fails at generation with
 * DOCUMENT_UNAVAILABLE.
 * Replaced at merge by the real generators.
 */
import { asc, eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { Db } from '@/db/client';
import { companies, establishments } from '@/db/schema';
import type { DocumentFormat } from '@/domain/catalogue';
import { failure, success, type Result } from '@/lib/errors';

export type DocumentFile = {
  fileName: string;
  contentType: string;
  format: DocumentFormat;
  body: Buffer;
};

const CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export async function availability(
  db: Db,
  kind: string,
  siren: string,
): Promise<{ available: true } | { available: false; reason: string }> {
  const [company] = await db
    .select({ siren: companies.siren })
    .from(companies)
    .where(eq(companies.siren, siren));
  if (!company) return { available: false, reason: 'Cette entreprise est inconnue.' };
  void kind;
  return { available: true };
}

export async function generate(
  db: Db,
  kind: string,
  siren: string,
  _payload: unknown,
  options: { format?: DocumentFormat; orderNumber?: string; now?: Date } = {},
): Promise<Result<DocumentFile>> {
  const format = options.format ?? 'csv';
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.siren, siren));
  if (!company) return failure('NOT_FOUND', 'Cette entreprise est inconnue.');
  if (kind !== 'establishments-list' || format === 'docx') {
    return failure('DOCUMENT_UNAVAILABLE');
  }
  const rows = await db
    .select({
      siret: establishments.siret,
      isHeadOffice: establishments.isHeadOffice,
      status: establishments.status,
      postcode: establishments.postcode,
      commune: establishments.communeName,
    })
    .from(establishments)
    .where(eq(establishments.siren, siren))
    .orderBy(asc(establishments.siret));
  const header = ['Entreprise', 'SIREN', 'SIRET', 'Siège', 'État', 'Code postal', 'Commune'];
  const table = rows.map((r) => [
    company.name ?? '',
    siren,
    r.siret,
    r.isHeadOffice ? 'oui' : 'non',
    r.status === 'A' ? 'ouvert' : 'fermé',
    r.postcode ?? '',
    r.commune ?? '',
  ]);
  const base = `liste-etablissements-${siren}`;
  let body: Buffer;
  if (format === 'csv') {
    body = Buffer.from(stringify([header, ...table], { delimiter: ';', bom: true }));
  } else if (format === 'xlsx') {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Établissements');
    sheet.addRows([header, ...table]);
    body = Buffer.from(await book.xlsx.writeBuffer());
  } else {
    body = await new Promise<Buffer>((resolve, reject) => {
      const doc = new PDFDocument({ size: 'A4', margin: 48 });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      doc.fontSize(16).text(`Liste des établissements — ${company.name ?? siren}`);
      doc.fontSize(10).text(`SIREN ${siren}`).moveDown();
      for (const r of table) doc.text(r.slice(2).join(' · '));
      doc.end();
    });
  }
  return success({
    fileName: `${base}.${format}`,
    contentType: CONTENT_TYPES[format],
    format,
    body,
  });
}
