/**
 * No one else's product name on our own method: the financial diagnostic we compute was sold as
 * « NOTA-PME » (a Banque de France product). Greps what the site prints: the catalogue, the
 * message modules and the editorial content.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentOffers } from './documents';
import { documentKinds, services } from './index';

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p, ext) : ext.test(name) ? [p] : [];
  });
}

const FOREIGN = /NOTA[\s-]?PME/i;

describe('our own names', () => {
  it('the catalogue names our diagnostic as ours', () => {
    const printed = JSON.stringify([services, documentKinds, documentOffers()]);
    expect(printed).not.toMatch(FOREIGN);
    expect(services.find((s) => s.orderKind === 'financial-diagnostics')).toMatchObject({
      title: 'Diagnostic financier Registre',
      link: '/diagnostic-financier',
    });
  });

  it('no message module, page or content file says « NOTA-PME »', () => {
    const root = process.cwd();
    const sources = [
      ...files(path.join(root, 'src/i18n'), /\.ts$/),
      ...files(path.join(root, 'src/app'), /\.tsx?$/),
      ...files(path.join(root, 'content'), /\.(md|ya?ml)$/),
    ];
    expect(sources.length).toBeGreaterThan(100);
    const hits = sources.filter((f) => FOREIGN.test(readFileSync(f, 'utf8')));
    expect(hits).toEqual([]);
  });
});
