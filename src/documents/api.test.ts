import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import JSZip from 'jszip';
import { getFinancialStats, getTemplateForm, listLetterTypes } from './reads';
import { generate } from './index';
import { TEMPLATES, templateSummaries } from './templates/catalogue';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await insertRegistryFixtures(handle.db);
}, 120_000);
afterAll(async () => handle?.close());

describe('financial diagnostic figures', () => {
  it('gives the years, ratios and score the diagnostic uses', async () => {
    const r = await getFinancialStats(handle.db, '552032534');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.siren).toBe('552032534');
    expect(r.value.years.length).toBeGreaterThan(0);
    expect(r.value.years[0]).toHaveProperty('revenue');
    if (r.value.score) expect(r.value.score.criteria).toHaveLength(4);
  });

  it('answers NOT_FOUND and INVALID_INPUT like the registry', async () => {
    expect(await getFinancialStats(handle.db, '732829320')).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await getFinancialStats(handle.db, 'abc')).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
  });
});

describe('templates', () => {
  it('offers at least ten templates, each dated, with steps of named fields', () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(10);
    for (const t of templateSummaries()) {
      expect(t.updatedAt).toMatch(/^2026-\d{2}-\d{2}$/);
      expect(t.steps.length, t.id).toBeGreaterThanOrEqual(2);
      const names = t.steps.flatMap((s) => s.fields.map((f) => f.name));
      expect(new Set(names).size, t.id).toBe(names.length);
    }
  });

  it('lists the letter types for the letters kind', () => {
    const types = listLetterTypes().map((l) => l.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'relance-de-paiement',
        'mise-en-demeure-de-payer',
        'demande-de-delais-de-paiement',
      ]),
    );
  });
});

describe('custom documents', () => {
  it('pre-fill the form from the chosen company', async () => {
    const r = await getTemplateForm(handle.db, 'contrat-de-prestation-de-services', '552032534');
    expect(r.ok && r.value.values.recipientName).toBe('DANONE');
    expect(r.ok && r.value.values.recipientSiren).toBe('552\u00a0032\u00a0534');
    expect(await getTemplateForm(handle.db, 'inconnu', null)).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  });

  it('are generated without a company, as Word, dated and saying they are templates', async () => {
    const r = await generate(handle.db, 'custom-document', '', {
      documentId: 'pouvoir',
      fields: {
        companyName: 'Exemple SAS',
        address: '1 rue de la Paix, 75002 Paris',
        representative: 'Claire Martin, présidente',
        agentName: 'Paul Durand',
        agentAddress: '2 rue du Bac, 75007 Paris',
        purpose: 'déposer le dossier de modification au guichet unique',
        validUntil: '2026-12-31',
        place: 'Paris',
        letterDate: '2026-11-24',
      },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ fileName: 'pouvoir-procuration.docx', format: 'docx' });
    const zip = await JSZip.loadAsync(r.value.body);
    const xml = await zip.file('word/document.xml')!.async('string');
    const styles = await zip.file('word/styles.xml')!.async('string');
    const text = xml.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' ');
    expect(text).toContain('Paul Durand');
    expect(text).toContain('31 décembre 2026');
    expect(text).toMatch(/non un conseil juridique/);
    expect(styles).toMatch(/<w:lang w:val="fr-FR"/);
  });
});
