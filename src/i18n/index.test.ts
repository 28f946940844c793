import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { interpolate, messages, t } from './index';
import { translator } from './lookup';

describe('i18n', () => {
  it('reads a nested key and fills placeholders', () => {
    expect(t('frame', 'stats.docAvailable')).toBe('documents disponibles');
    expect(t('frame', 'contactMail', { domain: 'registre.fr' })).toBe('contact@registre.fr');
  });

  it('gives a Client Component one namespace, with the same lookup and errors as t', () => {
    const tFrame = translator(messages.frame, 'frame');
    expect(tFrame('contactMail', { domain: 'registre.fr' })).toBe('contact@registre.fr');
    // @ts-expect-error a namespace object is not a message
    expect(() => tFrame('stats')).toThrow(/message manquant : frame\.stats/);
  });

  it('keeps every namespace out of Client Components (they import theirs, never @/i18n)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, e.name);
        if (e.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
          const text = readFileSync(file, 'utf8');
          if (/^['"]use client['"]/m.test(text) && /from '@\/i18n'/.test(text))
            offenders.push(file);
        }
      }
    };
    walk(path.join(process.cwd(), 'src'));
    expect(offenders).toEqual([]);
  });

  it('leaves unknown placeholders visible', () => {
    expect(interpolate('© {year} {who}', { year: 2026 })).toBe('© 2026 {who}');
  });

  it('throws on a key that is not a string, instead of printing nothing', () => {
    // @ts-expect-error a namespace object is not a message
    expect(() => t('frame', 'stats')).toThrow(/message manquant/);
  });

  it('has French reject-all wording from the spec', () => {
    expect(messages.consent.rejectAll).toBe('Tout refuser');
  });

  it('has no empty message anywhere', () => {
    const empties: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        if (!node.trim()) empties.push(path);
      } else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
      }
    };
    walk(messages, 'messages');
    expect(empties).toEqual([]);
  });
});

describe('plurals', () => {
  it('chooses the French singular below 2 and the plural from 2', () => {
    const m = '{count} établissement{n||s} ouvert{n||s}';
    expect(interpolate(m, { count: '0', n: 0 })).toBe('0 établissement ouvert');
    expect(interpolate(m, { count: '1', n: 1 })).toBe('1 établissement ouvert');
    expect(interpolate(m, { count: '1 234', n: 1234 })).toBe('1 234 établissements ouverts');
    expect(interpolate('{n|un mandat|des mandats}', { n: 3 })).toBe('des mandats');
  });
});
