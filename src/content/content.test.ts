import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSiren } from '@/domain/siren';
import { SERVICE_SEARCH_PATHS } from '@/ui/search/servicePages';
import { entries, categories, urlOf } from './index';
import { ARTICLE_SERVICE_PATHS } from './service-paths';
import { compileContentForTests } from './testing';
import type { CollectionName } from './types';

const root = process.cwd();
const veliteBin = path.join(root, 'node_modules/velite/bin/velite.js');

function velite(cwd: string) {
  return spawnSync(process.execPath, [veliteBin, 'build', '--strict'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
}

const collections: CollectionName[] = [
  'lexique',
  'dossiers',
  'actualites',
  'dictionnaire',
  'faq',
  'articles',
  'creation',
  'pages',
];

describe('content/ against the Velite schema', () => {
  beforeAll(async () => {
    await compileContentForTests();
  });

  it('every content file validates (velite build --strict succeeds)', () => {
    for (const c of collections) expect(Array.isArray(entries(c))).toBe(true);
    expect(categories('lexique').length).toBeGreaterThan(0);
  });

  it('every SIREN a text mentions is a valid SIREN', () => {
    for (const c of collections) {
      for (const e of entries(c)) {
        for (const siren of e.sirens) expect(isValidSiren(siren), `${e.path}: ${siren}`).toBe(true);
      }
    }
  });

  it('no two entries share a URL', () => {
    const urls = collections.flatMap((c) => entries(c).map((e) => urlOf(c, e)));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('article folders are the service group pages plus the directors', () => {
    expect([...ARTICLE_SERVICE_PATHS].sort()).toEqual(
      [...SERVICE_SEARCH_PATHS.map((p) => p.slice(1)), 'dirigeants'].sort(),
    );
  });
});

describe('a broken content file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'velite-broken-'));
    cpSync(path.join(root, 'velite.config.ts'), path.join(dir, 'velite.config.ts'));
    mkdirSync(path.join(dir, 'src/content'), { recursive: true });
    for (const f of ['markdown.ts', 'service-paths.ts']) {
      cpSync(path.join(root, 'src/content', f), path.join(dir, 'src/content', f));
    }
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    mkdirSync(path.join(dir, 'content/lexique/juridique'), { recursive: true });
    cpSync(path.join(root, 'content/categories.yml'), path.join(dir, 'content/categories.yml'));
    writeFileSync(
      path.join(dir, 'content/lexique/juridique/casse.md'),
      '---\ntitle: "Casse"\ndescription: "trop court"\ncategory: "juridique"\ndate: 2026-01-01\nauthor: "Rédaction Registre"\nsources: []\n---\nTexte.\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails the build, naming the file and the fields at fault', () => {
    const run = velite(dir);
    const out = run.stdout + run.stderr;
    expect(run.status).not.toBe(0);
    expect(out).toContain('content/lexique/juridique/casse.md');
    expect(out).toMatch(/description/);
    expect(out).toMatch(/sources/);
  });
});
