/**
 * PDF tables wrap on word boundaries: a word that fits its column is never cut (« Sièg/e »,
 * « Unité non e/mployeuse » before), and only a word wider than its column is hyphenated. Read
 * back from the rendered file, line by line, as a reader's PDF viewer draws it.
 */
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { DocumentModel, TableBlock } from '../model';
import { ESTABLISHMENT_COLUMNS } from '../generators/lists';
import { renderPdf } from './pdf';

async function lines(body: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const out: string[] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const content = await (await pdf.getPage(p)).getTextContent();
    for (const item of content.items) {
      if ('str' in item && item.str.trim()) out.push(item.str.replace(/\u00a0/g, ' ').trim());
    }
  }
  return out;
}

function model(table: TableBlock): DocumentModel {
  return {
    kind: 'establishments-list',
    title: 'Liste des établissements',
    subtitle: 'DANONE — SIREN 552 032 534',
    subject: 'DANONE (552032534)',
    fileStem: 'test',
    blocks: [table],
    sources: [],
  };
}

const META = { orderNumber: null, generatedAt: new Date('2026-11-24T09:30:00Z'), site: 'x.test' };

describe('PDF tables', () => {
  it('break lines between words, never inside a word that fits its column', async () => {
    const table: TableBlock = {
      type: 'table',
      sheet: 'Établissements',
      // The establishments list's columns: « Siège » had 20 points for 22 of text.
      columns: ESTABLISHMENT_COLUMNS,
      rows: [
        [
          '55203253400646',
          'Oui',
          'Ouvert',
          '17 BOULEVARD HAUSSMANN, 75009 PARIS',
          '70.10Z Activités des sièges sociaux',
          'Unité non employeuse',
          '1970-01-01',
          null,
        ],
        [
          '55203253400000',
          'Non',
          'Fermé',
          'ZONE INDUSTRIELLE DES GRANDES TERRES, 69100 VILLEURBANNE',
          '10.51C Fabrication de fromage',
          '100 à 199 salariés',
          '1990-05-02',
          '2020-12-31',
        ],
      ],
      empty: '',
    };
    const text = await lines(await renderPdf(model(table), META));
    const words = [
      ...table.columns.map((c) => c.label),
      ...table.rows.flat().filter((v): v is string => typeof v === 'string'),
    ]
      .flatMap((v) => v.split(/\s+/))
      .filter((w) => w.length > 1 && /^[\p{L}(),]+$/u.test(w));
    for (const word of words) {
      expect(
        text.some((line) => line.split(/\s+/).includes(word)),
        `« ${word} » printed whole`,
      ).toBe(true);
    }
    expect(text.filter((l) => l.endsWith('-'))).toEqual([]);
  });

  it('hyphenates a word wider than its column, and only such a word', async () => {
    const long = 'Anticonstitutionnellement';
    const table: TableBlock = {
      type: 'table',
      sheet: 'Test',
      columns: [
        { label: 'Mot', width: 0.3 },
        { label: 'Texte', width: 6 },
        ...Array.from({ length: 6 }, (_, i) => ({ label: `C${i}`, width: 0.3 })),
      ],
      rows: [[`${long}${long}${long}${long}`, 'Un texte ordinaire', 'a', 'b', 'c', 'd', 'e', 'f']],
      empty: '',
    };
    const text = await lines(await renderPdf(model(table), META));
    const cut = text.filter((l) => l.endsWith('-'));
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.every((l) => /^[A-Za-z]+-$/.test(l))).toBe(true);
    expect(text).toContain('Un texte ordinaire');
  });
});
