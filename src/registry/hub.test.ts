/**
 * The data hub's lists, computed from the database: newest judgments first, creations of the last
 * known week by department, largest employers by NAF section; protected people never named.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { keyFigures, loadHubList, type CompanyLink } from './hub';

describe('data hub lists', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
    const db = handle.db;
    const company = (
      siren: string,
      name: string,
      o: {
        natural?: boolean;
        diffusion?: string;
        created?: string;
        naf?: string;
        band?: string;
      } = {},
    ) =>
      queryRows(
        db,
        sql`INSERT INTO companies (siren, name, is_natural_person, diffusion, creation_date, naf_code,
              headcount_band, headcount_year, head_office_nic, status, sirene_updated_at)
            VALUES (${siren}, ${name}, ${o.natural ?? false}, ${o.diffusion ?? 'O'}, ${o.created ?? '2000-01-01'},
              ${o.naf ?? '10.51A'}, ${o.band ?? null}, 2023, '00011', 'A', '2026-11-21')`,
      );
    await company('552032534', 'DANONE', { naf: '70.10Z', band: '53', created: '1899-01-01' });
    await company('356000000', 'LA POSTE', { naf: '53.10Z', band: '53' });
    await company('100000009', 'JEAN DUPONT', {
      natural: true,
      diffusion: 'P',
      created: '2026-11-20',
    });
    await company('200000008', 'NOUVELLE SAS', { created: '2026-11-18' });
    await company('300000007', 'ANCIENNE SAS', { created: '2026-11-01' });
    // A record no source gives a state for is never counted or listed as active.
    await queryRows(
      db,
      sql`INSERT INTO companies (siren, name, naf_code, headcount_band, status)
      VALUES ('123456789', 'FANTOME', '70.10Z', '53', 'A')`,
    );
    await queryRows(
      db,
      sql`INSERT INTO establishments (siret, siren, nic, is_head_office, commune_code)
          VALUES ('20000000800011', '200000008', '00011', true, '75056'),
                 ('10000000900011', '100000009', '00011', true, '69123')`,
    );
    await queryRows(
      db,
      sql`INSERT INTO insolvency_proceedings (id, siren, judgment_date, nature, state, court) VALUES
          ('p1', '200000008', '2026-10-01', 'Jugement d''ouverture d''une procédure de redressement judiciaire', 'redressement', 'Tribunal de commerce de Paris'),
          ('p2', '100000009', '2026-11-01', 'Jugement de liquidation judiciaire', 'liquidation', 'Tribunal de commerce de Lyon'),
          ('p3', '300000007', '2026-09-01', NULL, 'sauvegarde', NULL)`,
    );
  }, 120_000);
  afterAll(async () => handle?.close());

  it('lists the newest judgments first, without the protected entrepreneur', async () => {
    const list = await loadHubList(handle.db, 'procedures-collectives-recentes');
    expect(list?.dataDate).toBe('2026-10-01');
    const names = list!.rows.map((r) => (r[1] as CompanyLink).name);
    expect(names).toEqual(['NOUVELLE SAS', 'ANCIENNE SAS']);
    expect(list!.rows[1]![2]).toBe('Procédure de sauvegarde');
    expect((list!.rows[0]![1] as CompanyLink).href).toBe('/entreprises/200000008/nouvelle-sas');
  });

  it('counts the creations of the seven days ending at the newest creation date, by department', async () => {
    const list = await loadHubList(handle.db, 'nouvelles-entreprises-par-departement');
    expect(list?.dataDate).toBe('2026-11-20');
    // Jean Dupont (69) and Nouvelle SAS (75) were created in the week; Ancienne SAS was not.
    expect(list!.rows.map((r) => r[0])).toEqual(['69 — Rhône', '75 — Paris']);
    expect(list!.rows.map((r) => r[1])).toEqual(['1', '1']);
  });

  it('ranks the largest employers within their NAF section', async () => {
    const list = await loadHubList(handle.db, 'plus-grands-employeurs-par-secteur');
    const names = list!.rows.map((r) => (r[1] as CompanyLink).name);
    expect(names).toEqual(['LA POSTE', 'DANONE']); // section H (transport) before M
    expect(String(list!.rows[0]![0])).toMatch(/^H — /);
  });

  it('answers null for an unknown list, and counts key figures', async () => {
    expect(await loadHubList(handle.db, 'inconnue')).toBeNull();
    await queryRows(
      handle.db,
      sql`INSERT INTO company_labels (siren, label, source, source_date) VALUES
            ('552032534', 'rge', 'rge', '2026-11-20'), ('552032534', 'rge', 'recherche-entreprises', '2026-05-17'),
            ('356000000', 'rge', 'rge', '2026-11-21'), ('356000000', 'ess', 'ess-france', NULL)`,
    );
    const f = await keyFigures(handle.db);
    expect(f).toMatchObject({ companies: 6, activeCompanies: 5, establishments: 2 });
    // One company counted once whatever the number of sources giving it the label.
    expect(f?.labels).toEqual([
      {
        code: 'ess',
        label: 'Entreprise de l’économie sociale et solidaire (ESS)',
        companies: 1,
        date: null,
      },
      {
        code: 'rge',
        label: 'RGE – Reconnu garant de l’environnement',
        companies: 2,
        date: '2026-11-21',
      },
    ]);
  });
});
