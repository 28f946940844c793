/**
 * Code tables: NAF from @socialgouv/codes-naf, communes, departments and regions from
 * @etalab/decoupage-administratif (communes' centres from GeoNames, src/search/geo/commune-centres.ts), and legal forms, headcount bands, company categories, NAF
 * sections and RNE director roles from data/samples/labels. Loaded in one transaction, re-runnable.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DbHandle } from '@/db/client';
import { communeCentres } from '@/search/geo/commune-centres';
import { withTransaction } from '../core/conn';
import { TableWriter, addCounts, type Counts } from '../core/writer';

const require = createRequire(import.meta.url);

type Commune = {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  region?: string;
  codesPostaux?: string[];
  population?: number;
};

function labels(file: string): Record<string, string> {
  return JSON.parse(
    readFileSync(path.resolve(process.cwd(), 'data/samples/labels', file), 'utf8'),
  ) as Record<string, string>;
}

export function referenceRows(): { codes: unknown[][]; communes: unknown[][] } {
  const codes: unknown[][] = [];
  const naf = require('@socialgouv/codes-naf/index.json') as Array<{ id: string; label: string }>;
  const sections = labels('sections-codes-NAF.json');
  for (const [code, label] of Object.entries(sections))
    codes.push(['naf-section', code, label, null]);
  for (const n of naf) {
    const kind = /^\d{2}\.\d{2}[A-Z]$/.test(n.id)
      ? 'naf'
      : /^\d{2}\.\d{2}$/.test(n.id)
        ? 'naf-class'
        : /^\d{2}\.\d$/.test(n.id)
          ? 'naf-group'
          : 'naf-division';
    const parent =
      kind === 'naf'
        ? n.id.slice(0, 5)
        : kind === 'naf-class'
          ? n.id.slice(0, 4)
          : kind === 'naf-group'
            ? n.id.slice(0, 2)
            : null;
    codes.push([kind, n.id, n.label, parent]);
  }
  for (const [code, label] of Object.entries(labels('natures-juridiques.json')))
    codes.push(['legal-form', code, label.trim(), null]);
  for (const [code, label] of Object.entries(labels('tranches-effectifs.json')))
    codes.push(['headcount-band', code, label, null]);
  for (const [code, label] of Object.entries(labels('natures-entreprises.json')))
    codes.push(['activity-nature', code, label, null]);
  for (const [code, label] of Object.entries(labels('roles_dirigeants.json')))
    codes.push(['director-role', code, label, null]);
  for (const [code, label] of Object.entries({
    PME: 'Petite ou moyenne entreprise',
    ETI: 'Entreprise de taille intermédiaire',
    GE: 'Grande entreprise',
  }))
    codes.push(['company-category', code, label, null]);
  const regions = require('@etalab/decoupage-administratif/data/regions.json') as Array<{
    code: string;
    nom: string;
  }>;
  for (const r of regions) codes.push(['region', r.code, r.nom, null]);
  const departments = require('@etalab/decoupage-administratif/data/departements.json') as Array<{
    code: string;
    nom: string;
    region: string;
  }>;
  for (const d of departments) codes.push(['department', d.code, d.nom, d.region]);
  const centres = communeCentres();
  const communes = (require('@etalab/decoupage-administratif/data/communes.json') as Commune[])
    .filter((c) => c.type === 'commune-actuelle' || c.type === 'arrondissement-municipal')
    .map((c) => [
      c.code,
      c.nom,
      c.departement ?? null,
      c.region ?? null,
      c.codesPostaux ?? [],
      c.population ?? null,
      centres.get(c.code)?.latitude ?? null,
      centres.get(c.code)?.longitude ?? null,
    ]);
  return { codes, communes };
}

export async function loadReferenceTables(
  handle: DbHandle,
): Promise<Counts & { codes: number; communes: number }> {
  const { codes, communes } = referenceRows();
  const counts = await withTransaction(handle, async (conn) => {
    const a = await new TableWriter(conn, {
      table: 'reference_codes',
      key: ['kind', 'code'],
      columns: ['kind', 'code', 'label', 'parent'],
    }).upsert(codes);
    const b = await new TableWriter(conn, {
      table: 'communes',
      key: ['code'],
      columns: [
        'code',
        'name',
        'department_code',
        'region_code',
        'postcodes',
        'population',
        'latitude',
        'longitude',
      ],
    }).upsert(communes);
    return addCounts(a, b);
  });
  return { ...counts, codes: codes.length, communes: communes.length };
}
