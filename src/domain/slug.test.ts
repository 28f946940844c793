import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('makes lower-case ASCII words joined by dashes', () => {
    expect(slugify('Société Générale')).toBe('societe-generale');
    expect(slugify("L'ŒUVRE D'ART & CIE")).toBe('l-oeuvre-d-art-et-cie');
    expect(slugify('  DANONE  ')).toBe('danone');
    expect(slugify('PICAUD (ROAUX) Géraldine')).toBe('picaud-roaux-geraldine');
  });
  it('gives an empty slug for nothing', () => {
    expect(slugify(null)).toBe('');
    expect(slugify('---')).toBe('');
  });
});
