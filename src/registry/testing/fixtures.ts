/**
 * Rows copied from the real sample (data/samples: recherche-entreprises answers, the Danone
 * ratios file, the BODACC notices of 880878145), written straight into the tables so that the
 * read models can be tested before and independently of the importers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

type Company = {
  siren: string;
  diffusion?: string;
  name: string | null;
  isNaturalPerson?: boolean;
  firstNames?: string | null;
  lastName?: string | null;
  legalForm: string;
  naf: string;
  status: 'A' | 'C';
  creation: string;
  ceased?: string | null;
  band?: string | null;
  category?: string | null;
  nic: string;
  capital?: number | null;
  court?: string | null;
  open: number;
  employer?: boolean | null;
};

type Establishment = {
  siret: string;
  diffusion?: string;
  head?: boolean;
  status?: 'A' | 'F';
  number?: string | null;
  streetType?: string | null;
  street?: string | null;
  postcode?: string | null;
  commune: string;
  communeName: string;
  signs?: string[];
};

const COMPANIES: Company[] = [
  {
    siren: '552032534',
    name: 'DANONE',
    legalForm: '5599',
    naf: '70.10Z',
    status: 'A',
    creation: '1955-01-01',
    band: '42',
    category: 'GE',
    nic: '00703',
    capital: 169467170.5,
    court: 'Paris',
    open: 3,
    employer: true,
  },
  {
    siren: '356000000',
    name: 'LA POSTE',
    legalForm: '5510',
    naf: '53.10Z',
    status: 'A',
    creation: '1991-01-01',
    band: '53',
    category: 'GE',
    nic: '00048',
    capital: 5620325816,
    court: 'Paris',
    open: 10000,
    employer: true,
  },
  {
    siren: '880878145',
    name: 'GANYMEDE',
    legalForm: '5710',
    naf: '62.02A',
    status: 'C',
    creation: '2020-01-13',
    ceased: '2022-10-22',
    band: 'NN',
    nic: '00015',
    court: 'Paris',
    open: 0,
  },
  {
    siren: '104049424',
    name: 'ARCTURUS',
    legalForm: '5499',
    naf: '62.02A',
    status: 'A',
    creation: '2024-01-01',
    band: null,
    nic: '00013',
    court: 'Paris',
    open: 1,
  },
  {
    siren: '883010316',
    name: 'RAPHAEL DUBIGNY',
    isNaturalPerson: true,
    firstNames: 'RAPHAEL',
    lastName: 'DUBIGNY',
    legalForm: '1000',
    naf: '74.10Z',
    status: 'C',
    creation: '2018-05-06',
    ceased: '2020-09-01',
    band: 'NN',
    nic: '00010',
    open: 0,
  },
  {
    siren: '300025764',
    diffusion: 'P',
    name: '[NON-DIFFUSIBLE]',
    isNaturalPerson: true,
    firstNames: '[ND]',
    lastName: '[ND]',
    legalForm: '1000',
    naf: '68.20A',
    status: 'A',
    creation: '1981-10-01',
    band: 'NN',
    category: 'PME',
    nic: '00027',
    open: 1,
  },
];

const ESTABLISHMENTS: Establishment[] = [
  {
    siret: '55203253400703',
    head: true,
    number: '59',
    streetType: 'RUE',
    street: 'LA FAYETTE',
    postcode: '75009',
    commune: '75109',
    communeName: 'PARIS',
  },
  {
    siret: '55203253400646',
    status: 'F',
    number: '17',
    streetType: 'BD',
    street: 'HAUSSMANN',
    postcode: '75009',
    commune: '75109',
    communeName: 'PARIS',
  },
  {
    siret: '35600000000048',
    head: true,
    number: '9',
    streetType: 'RUE',
    street: 'DU COLONEL PIERRE AVIA',
    postcode: '75015',
    commune: '75115',
    communeName: 'PARIS',
  },
  {
    siret: '88087814500015',
    head: true,
    status: 'F',
    number: '128',
    streetType: 'RUE',
    street: 'LA BOETIE',
    postcode: '75008',
    commune: '75108',
    communeName: 'PARIS 8',
  },
  {
    siret: '10404942400013',
    head: true,
    number: '10',
    streetType: 'RUE',
    street: 'DE PARADIS',
    postcode: '75010',
    commune: '75110',
    communeName: 'PARIS',
  },
  {
    siret: '88301031600010',
    head: true,
    status: 'F',
    number: '17',
    streetType: 'RUE',
    street: 'DE FRANCEVILLE',
    postcode: '93220',
    commune: '93032',
    communeName: 'GAGNY',
    signs: ['RED NEEDLES'],
  },
  // Real [ND] row of the SIRENE establishments sample, whose legal unit is not in the sample.
  {
    siret: '00557246600026',
    diffusion: 'P',
    head: true,
    status: 'F',
    number: '[ND]',
    streetType: '[ND]',
    street: '[ND]',
    postcode: '[ND]',
    commune: '44049',
    communeName: 'LE CROISIC',
    signs: ['[ND]'],
  },
  {
    siret: '30002576400027',
    diffusion: 'P',
    head: true,
    number: '[ND]',
    streetType: '[ND]',
    street: '[ND]',
    postcode: '[ND]',
    commune: '35238',
    communeName: 'RENNES',
    signs: ['[ND]'],
  },
];

type Director = [
  id: string,
  siren: string,
  last: string,
  first: string,
  year: number | null,
  month: number | null,
  role: string,
  end?: string | null,
];

const DIRECTORS: Director[] = [
  [
    't-552032534-1',
    '552032534',
    'BERNARD DE SAINT AFFRIQUE',
    'ANTOINE',
    1964,
    12,
    'Directeur Général',
  ],
  [
    't-552032534-2',
    '552032534',
    'SCHNEPP',
    'GILLES',
    1958,
    10,
    "Président du conseil d'administration",
  ],
  ['t-552032534-3', '552032534', 'PICAUD (ROAUX)', 'GÉRALDINE', 1970, 2, 'Administrateur'],
  ['t-880878145-1', '880878145', 'JOUPPE', 'XAVIER MARIE ERWAN', 1990, 2, 'Liquidateur'],
  ['t-104049424-1', '104049424', 'JOUPPE', 'XAVIER', 1990, 2, 'Gérant'],
  ['t-883010316-1', '883010316', 'DUBIGNY', 'RAPHAEL', null, null, 'Entrepreneur individuel'],
];

export async function insertRegistryFixtures(db: Db): Promise<void> {
  const x = (q: ReturnType<typeof sql>) =>
    (db as unknown as { execute: (q: unknown) => Promise<unknown> }).execute(q);
  for (const c of COMPANIES) {
    await x(sql`INSERT INTO companies (siren, diffusion, name, is_natural_person, first_names, last_name,
        legal_form_code, naf_code, naf_version, status, creation_date, ceased_date, headcount_band,
        headcount_year, category, category_year, head_office_nic, capital_amount, capital_currency,
        rcs_court, open_establishments, employer, field_sources, sirene_updated_at)
      VALUES (${c.siren}, ${c.diffusion ?? 'O'}, ${c.name}, ${c.isNaturalPerson ?? false},
        ${c.firstNames ?? null}, ${c.lastName ?? null}, ${c.legalForm}, ${c.naf}, 'NAFRev2',
        ${c.status}, ${c.creation}, ${c.ceased ?? null}, ${c.band ?? null}, ${c.band ? 2023 : null},
        ${c.category ?? null}, ${c.category ? 2023 : null}, ${c.nic}, ${c.capital ?? null},
        ${c.capital != null ? 'EUR' : null}, ${c.court ?? null}, ${c.open}, ${c.employer ?? null},
        ${JSON.stringify({ name: { source: 'sirene', date: '2026-04-10' } })}::jsonb,
        '2026-04-10 13:28:37')`);
  }
  for (const e of ESTABLISHMENTS) {
    await x(sql`INSERT INTO establishments (siret, siren, nic, diffusion, is_head_office, status,
        signs, naf_code, address_number, address_street_type, address_street, postcode,
        commune_code, commune_name, sirene_updated_at)
      VALUES (${e.siret}, ${e.siret.slice(0, 9)}, ${e.siret.slice(9)}, ${e.diffusion ?? 'O'},
        ${e.head ?? false}, ${e.status ?? 'A'},
        ${sql.raw(`ARRAY[${(e.signs ?? []).map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`)},
        NULL, ${e.number ?? null}, ${e.streetType ?? null}, ${e.street ?? null}, ${e.postcode ?? null},
        ${e.commune}, ${e.communeName}, '2025-11-18 13:21:57')`);
  }
  for (const [id, siren, last, first, year, month, role, end] of DIRECTORS) {
    const key = `${last
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Z0-9]+/gi, ' ')
      .trim()
      .toUpperCase()}|${first
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(' ')[0]!
      .toUpperCase()}|${year ? `${year}-${String(month).padStart(2, '0')}` : ''}`;
    await x(sql`INSERT INTO directors (id, siren, kind, role_label, last_name, first_names, birth_year,
        birth_month, person_key, end_date, source, source_date)
      VALUES (${id}, ${siren}, 'person', ${role}, ${last}, ${first}, ${year}, ${month}, ${key},
        ${end ?? null}, 'recherche-entreprises', '2024-05-19')`);
  }
  await x(sql`INSERT INTO directors (id, siren, kind, role_label, director_siren, company_name, source)
    VALUES ('t-552032534-4', '552032534', 'company', 'Commissaire aux comptes titulaire', '344366315',
      'ERNST & YOUNG AUDIT', 'recherche-entreprises')`);

  const ratios = JSON.parse(
    readFileSync(path.resolve('data/samples/finances/ratios-inpi-bce-552032534.json'), 'utf8'),
  ) as { records: Array<{ fields: Record<string, unknown> }> };
  for (const { fields: f } of ratios.records) {
    const closing = String(f.date_cloture_exercice);
    const rest = { ...f };
    for (const k of [
      'siren',
      'date_cloture_exercice',
      'chiffre_d_affaires',
      'resultat_net',
      'type_bilan',
      'confidentiality',
    ])
      delete rest[k];
    await x(sql`INSERT INTO financials (siren, closing_date, fiscal_year, accounts_type, revenue,
        net_result, ebitda, ratios, source)
      VALUES ('552032534', ${closing}, ${Number(closing.slice(0, 4))}, ${String(f.type_bilan)},
        ${(f.chiffre_d_affaires as number | undefined) ?? null}, ${(f.resultat_net as number | undefined) ?? null},
        ${(f.ebe as number | undefined) ?? null}, ${JSON.stringify(rest)}::jsonb, 'inpi-ratios')
      ON CONFLICT DO NOTHING`);
  }
  const notices: Array<[string, string, string, string, string]> = [
    ['B20220227446', 'B', 'radiation', 'Radiations', '2022-11-23'],
    ['C202200902528', 'C', 'dpc', 'Dépôts des comptes', '2022-05-08'],
    ['C202101554392', 'C', 'dpc', 'Dépôts des comptes', '2021-08-11'],
  ];
  for (const [id, kind, family, label, date] of notices) {
    await x(sql`INSERT INTO notices (id, siren, bodacc_kind, family, type_label, published_at, court, company_name)
      VALUES (${id}, '880878145', ${kind}, ${family}, ${label}, ${date},
        'Greffe du Tribunal de Commerce de Paris', 'Ganymède')`);
  }
}
