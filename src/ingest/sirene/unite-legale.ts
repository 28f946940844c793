import type { Importer } from '../core/run';
import type { Conn } from '../core/conn';
import { dropIndexes, FEW_ROWS, importCsvBulk, rowsUpTo } from './bulk';
import { UL_COLUMNS } from './columns';
import { UNITE_LEGALE_SCHEMAS } from './schemas';
import { bool, clean, date, digits, flag, oneOf, RowError, timestamp, year } from './values';

const DIFFUSION = ['O', 'P', 'N'] as const;
const STATUS = ['A', 'C'] as const;
const CATEGORIES = ['PME', 'ETI', 'GE'] as const;

/** INSEE writes 1900-01-01 when the creation date is unknown. */
const UNKNOWN_DATE = '1900-01-01';

export function uniteLegaleMapper(col: (name: string) => number) {
  const i = {
    siren: col('siren'),
    diffusion: col('statutDiffusionUniteLegale'),
    creation: col('dateCreationUniteLegale'),
    sigle: col('sigleUniteLegale'),
    sexe: col('sexeUniteLegale'),
    p1: col('prenom1UniteLegale'),
    p2: col('prenom2UniteLegale'),
    p3: col('prenom3UniteLegale'),
    p4: col('prenom4UniteLegale'),
    pUsuel: col('prenomUsuelUniteLegale'),
    band: col('trancheEffectifsUniteLegale'),
    bandYear: col('anneeEffectifsUniteLegale'),
    updated: col('dateDernierTraitementUniteLegale'),
    category: col('categorieEntreprise'),
    categoryYear: col('anneeCategorieEntreprise'),
    debut: col('dateDebut'),
    etat: col('etatAdministratifUniteLegale'),
    nom: col('nomUniteLegale'),
    nomUsage: col('nomUsageUniteLegale'),
    denomination: col('denominationUniteLegale'),
    du1: col('denominationUsuelle1UniteLegale'),
    du2: col('denominationUsuelle2UniteLegale'),
    du3: col('denominationUsuelle3UniteLegale'),
    cj: col('categorieJuridiqueUniteLegale'),
    naf: col('activitePrincipaleUniteLegale'),
    nafVersion: col('nomenclatureActivitePrincipaleUniteLegale'),
    nic: col('nicSiegeUniteLegale'),
    ess: col('economieSocialeSolidaireUniteLegale'),
    mission: col('societeMissionUniteLegale'),
    employer: col('caractereEmployeurUniteLegale'),
    naf25: col('activitePrincipaleNAF25UniteLegale'),
    purged: col('unitePurgeeUniteLegale'),
  };
  return (f: string[]): unknown[] => {
    const siren = f[i.siren];
    if (siren === undefined || siren.length !== 9 || !/^\d{9}$/.test(siren))
      throw new RowError(`SIREN absent ou mal formé : « ${siren ?? ''} » (9 chiffres attendus)`);
    const d = oneOf(f[i.diffusion], DIFFUSION, 'statutDiffusionUniteLegale');
    if (d === null) throw new RowError('statutDiffusionUniteLegale absent');
    bool(f[i.purged], 'unitePurgeeUniteLegale');
    const cj = digits(f[i.cj], 4, 'categorieJuridiqueUniteLegale');
    const nom = clean(f[i.nom]);
    const nomUsage = clean(f[i.nomUsage]);
    const denomination = clean(f[i.denomination]);
    const isNaturalPerson = cj === '1000' || (denomination === null && nom !== null);
    const firstNames =
      [f[i.p1], f[i.p2], f[i.p3], f[i.p4]]
        .map(clean)
        .filter((x) => x !== null)
        .join(' ') || null;
    const usualFirst = clean(f[i.pUsuel]) ?? clean(f[i.p1]);
    let name: string | null;
    if (isNaturalPerson) {
      const last = nomUsage ?? nom;
      name = [usualFirst, last].filter((x) => x !== null).join(' ') || null;
    } else name = denomination;
    const otherNames = [f[i.du1], f[i.du2], f[i.du3]]
      .map(clean)
      .filter((x): x is string => x !== null);
    const status = oneOf(f[i.etat], STATUS, 'etatAdministratifUniteLegale') ?? 'A';
    const debut = date(f[i.debut], 'dateDebut');
    const creation = date(f[i.creation], 'dateCreationUniteLegale');
    const sexe = clean(f[i.sexe]);
    if (sexe !== null && sexe !== 'M' && sexe !== 'F')
      throw new RowError(`valeur inconnue dans sexeUniteLegale : « ${sexe} » (attendu : M ou F)`);
    return [
      siren,
      d === 'N' ? 'P' : d,
      name,
      clean(f[i.sigle]),
      otherNames,
      isNaturalPerson,
      nom,
      nomUsage,
      firstNames,
      sexe,
      cj,
      clean(f[i.naf]),
      clean(f[i.nafVersion]),
      i.naf25 >= 0 ? clean(f[i.naf25]) : null,
      status,
      creation === UNKNOWN_DATE ? null : creation,
      status === 'C' ? debut : null,
      clean(f[i.band]),
      year(f[i.bandYear], 'anneeEffectifsUniteLegale'),
      oneOf(f[i.category], CATEGORIES, 'categorieEntreprise'),
      year(f[i.categoryYear], 'anneeCategorieEntreprise'),
      flag(f[i.ess], 'economieSocialeSolidaireUniteLegale'),
      i.mission >= 0 ? flag(f[i.mission], 'societeMissionUniteLegale') : null,
      flag(f[i.employer], 'caractereEmployeurUniteLegale'),
      digits(f[i.nic], 5, 'nicSiegeUniteLegale'),
      timestamp(f[i.updated], 'dateDernierTraitementUniteLegale'),
    ];
  };
}

/**
 * Refreshes companies.open_establishments for the SIRENs of the staged batch (or all of them).
 * `rewriteFrom`: from how many establishments a refresh of all of them rewrites the table.
 */
export async function refreshOpenEstablishments(
  conn: Conn,
  scope: 'all' | { stagingTable: string; onlyZero?: boolean },
  rewriteFrom = FEW_ROWS,
): Promise<void> {
  const counts = `SELECT siren, count(*) FILTER (WHERE status = 'A')::int AS n FROM establishments`;
  if (scope === 'all') {
    if ((await rowsUpTo(conn, 'establishments', rewriteFrom)) < rewriteFrom) {
      // Few establishments (legal units loaded after the real sample): few companies to change.
      await conn.query(
        `UPDATE companies c SET open_establishments = x.n FROM (${counts} GROUP BY siren) x
          WHERE c.siren = x.siren AND c.open_establishments <> x.n`,
      );
      return;
    }
    // After an initial load of establishments nearly every company changes. An UPDATE of every
    // row writes a second version of each (and its WAL): measured 11–18 s per million. Copying
    // the table with its new counts into a temporary table (no WAL), then TRUNCATE and one
    // INSERT … SELECT without indexes, and rebuilding these once, costs about half. TRUNCATE is
    // transactional: a failure or a kill before COMMIT gives the old table back. (It would need
    // CASCADE if a foreign key ever referenced companies; none does.)
    await conn.query(`CREATE TEMP TABLE open_counts ON COMMIT DROP AS ${counts} GROUP BY siren`);
    const cols = (
      await conn.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'companies' AND is_generated = 'NEVER'
          ORDER BY ordinal_position`,
      )
    ).map((r) => `"${r.name}"`);
    const select = cols.map((c) =>
      // A company without any establishment keeps its count (another source may have given it).
      c === '"open_establishments"' ? 'coalesce(o.n, c.open_establishments)' : `c.${c}`,
    );
    await conn.query(
      `CREATE TEMP TABLE companies_rewrite ON COMMIT DROP AS
         SELECT ${select.join(', ')} FROM companies c LEFT JOIN open_counts o ON o.siren = c.siren`,
    );
    const rebuild = await dropIndexes({ conn }, 'companies');
    await conn.query('TRUNCATE companies');
    // The rows go back as they were, apart from the count: the row triggers (the diffusion rule,
    // already applied to every row, set-based, by the load) would only redo, for each row, a
    // lookup in establishments. Measured: most of the rewrite's time (bench/import.ts).
    await conn.query('ALTER TABLE companies DISABLE TRIGGER USER');
    await conn.query(`INSERT INTO companies (${cols.join(', ')}) SELECT * FROM companies_rewrite`);
    await conn.query('ALTER TABLE companies ENABLE TRIGGER USER');
    for (const statement of rebuild) await conn.query(statement);
    await conn.query('ANALYZE companies');
    await conn.query('DROP TABLE open_counts, companies_rewrite');
    return;
  }
  const filter = `WHERE siren IN (SELECT s.siren FROM ${scope.stagingTable} s${
    scope.onlyZero ? ' JOIN companies z ON z.siren = s.siren WHERE z.open_establishments = 0' : ''
  })`;
  await conn.query(
    `UPDATE companies c SET open_establishments = x.n FROM (${counts} ${filter} GROUP BY siren) x
      WHERE c.siren = x.siren AND c.open_establishments <> x.n`,
  );
}

export const uniteLegaleImporter: Importer = {
  zipEntries: ['.csv', '.json'],
  run: (ctx) =>
    importCsvBulk(ctx, {
      schemas: UNITE_LEGALE_SCHEMAS,
      spec: {
        table: 'companies',
        key: ['siren'],
        columns: [...UL_COLUMNS, 'sirene_hash'],
        changedKey: 'siren',
        newerWhen:
          't.sirene_updated_at IS NULL OR EXCLUDED.sirene_updated_at >= t.sirene_updated_at',
        touchUpdatedAt: true,
        dateIndex: UL_COLUMNS.indexOf('sirene_updated_at'),
      },
      mapper: uniteLegaleMapper,
      mapperName: 'sirene-ul',
      // Existing companies keep their count (establishment imports maintain it): only new ones
      // need theirs, and only when establishments came first.
      afterBatch: async (ctx, counts) => {
        if (counts.inserted > 0)
          await refreshOpenEstablishments(ctx.conn, {
            stagingTable: 'stg_companies',
            onlyZero: true,
          });
      },
      afterFile: async (ctx, direct) => {
        if (direct) {
          const any = await ctx.conn.query('SELECT 1 FROM establishments LIMIT 1');
          if (any.length) await refreshOpenEstablishments(ctx.conn, 'all');
        }
      },
    }),
};
