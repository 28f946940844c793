/**
 * Export of a results list (CSV and XLSX) through the API handler: same companies and order as
 * the results, keyset batches without gaps or repeats, partial diffusion, limits and bad input.
 * The registry fixtures plus 2,345 generated companies (three batches of the keyset read).
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { TestClient } from '@/testing/route-client';
import { handleCompanyExport } from '@/public-api/export-handlers';
import { searchCompanies } from './companies';
import { csvField } from '@/lib/tabular/csv';
import { refreshSearchIndex } from './indexer';
import { siteDbForFile } from '@/testing/site-db';

const GENERATED = 2345;
let member: TestClient;

const site = siteDbForFile({ fixtures: true, memoryRateLimits: true });

beforeAll(async () => {
  resetEnvForTests();
  // Equal popularity for many of them: the keyset must break ties by SIREN.
  await site.db().execute(sql`INSERT INTO companies (siren, name, legal_form_code, naf_code,
      naf_version, status, creation_date, headcount_band, open_establishments, capital_amount)
    SELECT lpad((700000000 + i)::text, 9, '0'), 'EXPORT ' || i || CASE WHEN i % 7 = 0 THEN ' ; "SARL"' ELSE '' END,
      '5499', '62.01Z', 'NAFRev2', 'A', '2020-01-01'::date + (i % 300),
      CASE WHEN i % 3 = 0 THEN '11' ELSE NULL END, i % 4, CASE WHEN i % 5 = 0 THEN 1000.5 END
    FROM generate_series(1, ${GENERATED}) i`);
  await refreshSearchIndex(site.db());
  member = new TestClient();
  await member.register('export@exemple.fr', 'un export bien rempli');
}, 120_000);

async function exportOf(query: string, client?: TestClient) {
  const headers = new Headers();
  if (client) headers.set('cookie', client.cookieHeader());
  const res = await handleCompanyExport(
    site.db(),
    new Request(`http://test/api/search/companies/export?${query}`, { headers }),
  );
  return res;
}

/** CSV records (no quoted line breaks: the export writes none). */
function csvRecords(text: string): string[][] {
  // The decoder has already taken the byte order mark off.
  const lines = text.split('\r\n').filter((l) => l !== '');
  return lines.map((l) => {
    const out: string[] = [];
    let i = 0;
    for (;;) {
      let v = '';
      if (l[i] === '"') {
        i++;
        while (i < l.length) {
          if (l[i] === '"' && l[i + 1] === '"') {
            v += '"';
            i += 2;
          } else if (l[i] === '"') break;
          else v += l[i++];
        }
        i++;
      } else {
        const end = l.indexOf(';', i);
        v = l.slice(i, end === -1 ? l.length : end);
        i = end === -1 ? l.length : end;
      }
      out.push(v);
      if (l[i] !== ';') return out;
      i++;
    }
  });
}

describe('export of a results list', () => {
  it('streams every company of a filters-only list once, in the results order, signed in', async () => {
    const res = await exportOf('activite=62.01Z&format=csv&limite=10000', member);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('x-total-rows')).toBe(String(GENERATED));
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRecords(new TextDecoder().decode(bytes));
    expect(rows[0]![0]).toBe('SIREN');
    expect(rows[0]).toContain('Chiffre d’affaires (€)');
    const sirens = rows.slice(1).map((r) => r[0]!);
    expect(sirens).toHaveLength(GENERATED);
    expect(new Set(sirens).size).toBe(GENERATED);
    // The first page of the results, in the same order.
    const page = await searchCompanies(site.db(), {
      q: null,
      filters: { ...(await import('./filters')).EMPTY_FILTERS, activities: ['62.01Z'] },
    });
    expect(page.ok && page.value.results.map((r) => r.siren)).toEqual(sirens.slice(0, 20));
    // A name with `;` and `"` stays one field.
    const tricky = rows.find((r) => r[1]?.includes('SARL'))!;
    expect(tricky[1]).toMatch(/^EXPORT \d+ ; "SARL"$/);
    expect(tricky).toHaveLength(rows[0]!.length);
  });

  it('caps an anonymous export at 100 rows and refuses more', async () => {
    const res = await exportOf('activite=62.01Z');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-rows')).toBe('100');
    expect(csvRecords(await res.text())).toHaveLength(101);
    const over = await exportOf('activite=62.01Z&limite=101');
    expect(over.status).toBe(422);
    const body = (await over.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('EXPORT_LIMIT_EXCEEDED');
    expect(body.error.message).toContain('« limite »');
    expect(body.error.message).toContain('connectez-vous');
  });

  it('answers bad parameters with a 422 naming the parameter, in French', async () => {
    const cases: Array<[string, string, string]> = [
      ['activite=62.01Z&limite=10001', 'EXPORT_LIMIT_EXCEEDED', '« limite »'],
      ['activite=62.01Z&limite=abc', 'INVALID_EXPORT', '« limite »'],
      ['activite=62.01Z&format=pdf', 'INVALID_EXPORT', '« format »'],
      ['activite=62.01Z&colonnes=siren,salaire', 'INVALID_EXPORT', '« salaire »'],
    ];
    for (const [query, code, words] of cases) {
      const res = await exportOf(query, member);
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).toContain(words);
    }
    // The results' own failures: a query too short (400), a filter naming its parameter (422).
    expect((await exportOf('q=a', member)).status).toBe(400);
    const filter = await exportOf('activite=ZZ', member);
    expect(filter.status).toBe(422);
    expect(((await filter.json()) as { error: { message: string } }).error.message).toContain(
      '« activite »',
    );
  });

  it('shows what the results show of a partially diffusible natural person, no more', async () => {
    const res = await exportOf(
      'q=300025764&colonnes=siren,nom,adresse,code_postal,commune,dirigeant',
      member,
    );
    expect(res.status).toBe(200);
    const rows = csvRecords(await res.text());
    expect(rows[0]).toEqual([
      'SIREN',
      'Nom',
      'Adresse du siège',
      'Code postal',
      'Commune',
      'Dirigeant principal',
    ]);
    expect(rows[1]).toEqual([
      '300025764',
      'Entrepreneur individuel (nom non diffusé)',
      '',
      '',
      'RENNES',
      '',
    ]);
    // A diffusible company's head office address is exported.
    const danone = csvRecords(
      (await (await exportOf('q=552032534&colonnes=siren,adresse', member)).text()).slice(1),
    );
    expect(danone[1]![1]).toMatch(/\d+ RUE .+, \d{5} PARIS/);
  });

  it('writes an XLSX with real numbers and dates', async () => {
    const res = await exportOf(
      'activite=62.01Z&format=xlsx&limite=50&colonnes=siren,nom,date_creation,capital',
      member,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.getWorksheet('Entreprises')!;
    expect(ws.rowCount).toBe(51);
    expect(ws.getRow(1).getCell(4).value).toBe('Capital (€)');
    const dates = [];
    for (let i = 2; i <= 51; i++) dates.push(ws.getRow(i).getCell(3).value);
    expect(dates.every((d) => d instanceof Date)).toBe(true);
    const capitals = [];
    for (let i = 2; i <= 51; i++) capitals.push(ws.getRow(i).getCell(4).value);
    expect(capitals.some((c) => c === 1000.5)).toBe(true);
  });

  it('rate-limits anonymous exports per address', async () => {
    resetAllRateLimits({ kind: 'memory' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await exportOf('activite=62.01Z&limite=1&colonnes=siren')).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Sized for a person: the limit is stated, and the wait is minutes, not half an hour.
    const refused = await exportOf('activite=62.01Z&limite=1&colonnes=siren');
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    const body = (await refused.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^Vous avez fait 20 exports en 10 minutes/);
  });
});

describe('csvField', () => {
  it('quotes, doubles quotes, flattens line breaks and defuses formulas', () => {
    expect(csvField('A;B', 'text')).toBe('"A;B"');
    expect(csvField('dit "X"', 'text')).toBe('"dit ""X"""');
    expect(csvField('ligne\r\nsuite', 'text')).toBe('ligne suite');
    expect(csvField('=1+1', 'text')).toBe("'=1+1");
    expect(csvField(-1200.5, 'euros')).toBe('-1200,5');
    expect(csvField('2024-03-01', 'date')).toBe('01/03/2024');
    expect(csvField(null, 'text')).toBe('');
  });
});
