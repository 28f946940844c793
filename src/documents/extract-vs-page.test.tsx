/**
 * The RNE and Sirene extract says what the company page says (issue 38): for ten companies of the
 * real sample (capitals with cents first, registered ones first), the PDF's text (pdftotext) holds
 * the page's capital as the page prints it (to the cent), the registration date the page shows,
 * and every source the page's identity section names.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { seedIfEmpty } from '@/ingest/seed';
import { getCompanyProfile } from '@/registry/company';
import { IdentitySection } from '@/ui/company/IdentitySection';
import { formatLongDate } from './format';
import { generate } from './index';

let handle: DbHandle;
let dir = '';
beforeAll(async () => {
  handle = await createTestDb();
  await seedIfEmpty(handle);
  dir = mkdtempSync(path.join(tmpdir(), 'extract-'));
}, 600_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await handle?.close();
});

/** Spaces of every kind as one, and no tags: text to compare. */
const plain = (s: string) =>
  s
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, '’')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();

/** The page's value of a fact (`<dt>label</dt><dd>value</dd>`). */
function fact(html: string, label: string): string | null {
  const m = new RegExp(`<dt>(?:<a[^>]*>)?${label}(?:</a>)?</dt><dd>(.*?)</dd>`).exec(html);
  return m ? plain(m[1]!) : null;
}

describe('the RNE and Sirene extract against the company page', () => {
  it('prints the page’s capital to the cent, its registration date and its sources, for ten companies', async () => {
    const rows = await queryRows<{ siren: string }>(
      handle.db,
      sql`SELECT siren FROM companies
          WHERE capital_amount IS NOT NULL AND name IS NOT NULL AND NOT is_natural_person
          ORDER BY (capital_amount % 1 <> 0) DESC, (rcs_registration_date IS NOT NULL) DESC, siren
          LIMIT 10`,
    );
    expect(rows).toHaveLength(10);
    let withCents = 0;
    let registered = 0;
    for (const { siren } of rows) {
      const profile = await getCompanyProfile(handle.db, siren);
      if (!profile.ok) throw new Error(`${siren} : ${profile.message}`);
      const html = renderToStaticMarkup(<IdentitySection profile={profile.value} />);
      const file = await generate(handle.db, 'rne-extracts', siren, {}, { format: 'pdf' });
      if (!file.ok) throw new Error(`${siren} : ${file.message}`);
      const pdf = path.join(dir, `${siren}.pdf`);
      writeFileSync(pdf, file.value.body);
      const text = plain(execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-']).toString());

      const capital = fact(html, 'Capital social')!;
      expect(capital, siren).toMatch(/\d €$/);
      expect(text, `${siren} capital`).toContain(capital);
      if (capital.includes(',')) withCents++;

      const registration = profile.value.rcs?.registrationDate;
      if (registration) {
        registered++;
        const shown = fact(html, 'Numéro RCS')!;
        const [y, m, d] = registration.slice(0, 10).split('-');
        expect(shown, siren).toContain(`${d}/${m}/${y}`);
        expect(text, `${siren} registration`).toContain(plain(formatLongDate(registration)));
      }

      const sourceLine = /<p class="[^"]*">Sources? :(.*?)<\/p>/.exec(html)?.[1] ?? '';
      const labels = plain(sourceLine)
        .split(' ; ')
        .map((x) => x.replace(/, mise à jour du .*$| \(date non communiquée.*$/, '').trim())
        .filter(Boolean);
      expect(labels.length, siren).toBeGreaterThan(0);
      for (const label of labels) expect(text, `${siren} source ${label}`).toContain(label);
    }
    expect(withCents).toBeGreaterThan(0);
    expect(registered).toBeGreaterThan(0);
  }, 600_000);
});
