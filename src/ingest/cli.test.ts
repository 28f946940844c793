import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '@/db/migrate';
import { childProcessDb } from '@/db/testing';
import { compiledEntry } from '@/testing/compiled-entry';
import { searchCompanies } from '@/search/companies';
import { generateSirene } from './generate/sirene';
import { count, run, sample, tempDir } from './testing';

/** src/ingest/cli.ts, compiled once (it starts in six child processes). */
let CLI: string;
const dir = tempDir('ingest-cli-');
let files: { ulPath: string };

/**
 * A fresh database the CLI child can open, migrated already (a copy of the migrated template),
 * unless `empty`: the CLI migrates it then.
 */
const freshTarget = (name: string, o: { empty?: boolean } = {}) =>
  childProcessDb(`test_cli_${name}`, { migrated: !o.empty });

function cli(
  args: string[],
  env: Record<string, string>,
  onStderr?: (text: string, kill: () => void) => void,
) {
  return new Promise<{
    code: number | null;
    signal: string | null;
    stdout: string;
    stderr: string;
  }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, ...env, INGEST_PROGRESS_INTERVAL_MS: '50' },
      cwd: process.cwd(),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      onStderr?.(stderr, () => child.kill('SIGKILL'));
    });
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

beforeAll(async () => {
  CLI = await compiledEntry('src/ingest/cli.ts');
  files = await generateSirene(dir, { companies: 80_000, seed: 3 });
});
afterAll(() => {});

// Each case starts the CLI in child processes (an import, a search rebuild) on a database migrated
// already, but one: the CLI's own migration of an empty database is part of the second case.
describe('import CLI', { timeout: 180_000 }, () => {
  it('leaves the database as it was when killed in the middle of a file', async () => {
    const target = await freshTarget('kill');
    try {
      let h = await target.open();
      await runMigrations(h);
      await run(h, 'sirene-ul', sample('sirene/StockUniteLegale_utf8_sample.csv'));
      expect(await count(h, 'companies')).toBe(3);
      await h.close();

      let sawProgress = '';
      const res = await cli(
        ['sirene-ul', files.ulPath, '--synthetique'],
        target.env,
        (err, kill) => {
          const m = /: ([\d\s\u202f\u00a0]+) lignes/.exec(err);
          if (m && Number(m[1]!.replace(/\D/g, '')) > 0 && !sawProgress) {
            sawProgress = m[0];
            kill();
          }
        },
      );
      expect(sawProgress, res.stderr).not.toBe('');
      expect(res.signal).toBe('SIGKILL');

      h = await target.open();
      try {
        expect(await count(h, 'companies')).toBe(3);
        expect(await count(h, 'import_runs')).toBe(1);
      } finally {
        await h.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses synthetic files unless told, migrates an empty database, and reports each file', async () => {
    const target = await freshTarget('refuse', { empty: true });
    try {
      const a = await cli(['sirene-ul', files.ulPath], target.env);
      expect(a.code).toBe(2);
      expect(a.stderr).toContain('Fichier(s) synthétique(s) refusé(s)');
      const c = await cli(
        ['sirene-ul', sample('sirene/StockUniteLegale_utf8_sample.csv'), `${dir}/nope.csv`],
        target.env,
      );
      expect(c.code).toBe(1);
      expect(c.stdout).toContain(
        'StockUniteLegale_utf8_sample.csv : 3 lus, 3 insérés, 0 mis à jour, 0 inchangés, 0 rejetés',
      );
      expect(c.stderr).toContain("Échec de l'import, base inchangée pour ce fichier.");
      expect(c.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await target.drop();
    }
  });

  it('makes what it imported findable by name: the search index is rebuilt after the import', async () => {
    const target = await freshTarget('search');
    try {
      const r = await cli(
        [
          'sirene-ul',
          sample('sirene/StockUniteLegale_echantillon_joao-sdx.csv'),
          '--sans-progression',
        ],
        target.env,
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Index de recherche reconstruit : \d+ noms/);
      const h = await target.open();
      try {
        const found = await searchCompanies(h.db, { q: 'pennequin invest' });
        expect(found.ok && found.value.results[0]?.siren).toBe('017051186');
      } finally {
        await h.close();
      }

      // A later stock where one company changed its name: only that company is re-indexed.
      const original = readFileSync(
        sample('sirene/StockUniteLegale_echantillon_joao-sdx.csv'),
        'utf8',
      );
      const renamed = original.replace(
        '2026-02-17T10:53:59,8,PME,2023,2025-12-15,A,,,PENNEQUIN INVEST,',
        '2026-03-02T08:00:00,8,PME,2023,2025-12-15,A,,,PENNEQUIN HOLDING,',
      );
      expect(renamed).not.toBe(original);
      const later = path.join(dir, 'StockUniteLegale_later.csv');
      writeFileSync(later, renamed);
      const again = await cli(['sirene-ul', later, '--sans-progression'], target.env);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/1 mis à jour/);
      expect(again.stdout).toMatch(
        /Index de recherche mis à jour pour 1 entreprise\(s\) modifiée\(s\)/,
      );
      const h2 = await target.open();
      try {
        const renamedHit = await searchCompanies(h2.db, { q: 'pennequin holding' });
        expect(renamedHit.ok && renamedHit.value.results[0]?.siren).toBe('017051186');
        const others = await searchCompanies(h2.db, { q: 'pennequin invest' });
        expect(others.ok && others.value.results.some((r) => r.name === 'PENNEQUIN INVEST')).toBe(
          false,
        );
      } finally {
        await h2.close();
      }
    } finally {
      await target.drop();
    }
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    'refuses an embedded database held by another process',
    async () => {
      const target = await freshTarget('locked');
      const h = await target.open();
      try {
        const r = await cli(
          ['sirene-ul', sample('sirene/StockUniteLegale_utf8_sample.csv')],
          target.env,
        );
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(`est déjà ouverte par le processus ${process.pid}`);
      } finally {
        await h.close();
      }
    },
  );
});
