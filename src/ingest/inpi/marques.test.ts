import { describe, expect, it } from 'vitest';
import { applicantSiren } from './marques';

describe('applicantSiren', () => {
  it('reads a SIREN or SIRET announced by a registry keyword, with a valid key', () => {
    expect(
      applicantSiren('societe dominante immatriculée au greffe de paris rcs paris b 330675547'),
    ).toBe('330675547');
    expect(applicantSiren('sarl x, immatriculée au rcs de tours sous le no 450 408 307')).toBe(
      '450408307',
    );
    expect(applicantSiren('france rol s.a. siret : 38927319400016 ape : 212 g')).toBe('389273194');
  });

  it('links nothing on a bare number, a wrong key, two companies or a representative', () => {
    expect(applicantSiren('france prod 1234567890')).toBeNull();
    expect(applicantSiren('france ix association, identification r.n.a : w751205285')).toBeNull();
    expect(applicantSiren('x sarl rcs paris 330675548')).toBeNull();
    expect(applicantSiren('a rcs paris 330675547, b rcs tours 450408307')).toBeNull();
    expect(
      applicantSiren('y, rcs toulouse 422 516 286, agissant au nom et pour le compte de z'),
    ).toBeNull();
    expect(applicantSiren(null)).toBeNull();
  });
});
