import { describe, expect, it } from 'vitest';
import { extraDocumentKinds } from './document-details';
import { documentOffer, documentOffers, formatsLabel, producerLabel } from './documents';
import { documentKinds } from './index';

describe('document offers', () => {
  it('describes every order kind and every extra kind once', () => {
    const kinds = documentOffers().map((o) => o.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toEqual([...documentKinds.map((d) => d.kind), ...extraDocumentKinds]);
  });

  it('gives each a title, contents, sources, dates, formats, a producer and a price', () => {
    for (const o of documentOffers()) {
      expect(o.title.length, o.kind).toBeGreaterThan(3);
      expect(o.contents, o.kind).toMatch(/\.$/);
      expect(o.sources.length, o.kind).toBeGreaterThan(0);
      expect(o.dates, o.kind).toMatch(/\.$/);
      expect(o.formats.length, o.kind).toBeGreaterThan(0);
      expect(o.priceCents, o.kind).toBeGreaterThan(0);
    }
  });

  it('never presents our RNE/Sirene extract as a Kbis', () => {
    const rne = documentOffer('rne-extracts')!;
    expect(rne.title).toMatch(/n’est pas un extrait Kbis/);
    expect(rne.label).toMatch(/n’est pas un Kbis/);
    expect(documentOffer('kbis')!.producer).toEqual({ by: 'provider', provider: 'greffe' });
  });

  it('offers lists as spreadsheets and Word kinds as docx', () => {
    expect(documentOffer('establishments-list')!.formats).toEqual(['pdf', 'xlsx', 'csv']);
    expect(documentOffer('letters')!.formats).toContain('docx');
    expect(documentOffer('custom-document')!.formats).toEqual(['docx', 'pdf']);
  });

  it('labels formats and producers in French', () => {
    expect(formatsLabel(['pdf', 'xlsx', 'csv'])).toBe('PDF, Excel (XLSX), CSV');
    expect(producerLabel({ by: 'provider', provider: 'inpi-rne' })).toBe(
      'Délivré par l’INPI (Registre national des entreprises)',
    );
  });
});
