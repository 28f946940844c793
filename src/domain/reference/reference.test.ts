import { describe, expect, it } from 'vitest';
import { allHeadcountBands, isRcsLegalForm, legalFormLabel } from '@/domain/legal-forms';
import { categoryLabel, CATEGORIES } from './categories';
import {
  allDepartments,
  departmentLabel,
  departmentOfCommune,
  frenchDepartments,
} from './departments';
import { allNafSections, apeCodes, nafLabel, nafSectionLabel, nafSectionOf } from './naf';

describe('reference data', () => {
  it('places NAF classes in their section, and nothing outside the 21 sections', () => {
    expect(nafSectionOf('70.10Z')).toBe('M');
    expect(nafSectionOf('01.11Z')).toBe('A');
    expect(nafSectionOf('99.00Z')).toBe('U');
    expect(nafSectionOf('04.00Z')).toBeNull();
    expect(nafSectionOf(null)).toBeNull();
    expect(
      allNafSections()
        .map((s) => s.code)
        .join(''),
    ).toBe('ABCDEFGHIJKLMNOPQRSTU');
    expect(nafSectionLabel('M')).toMatch(/scientifiques et techniques/);
    expect(nafLabel('70.10Z')).toBe('Activités des sièges sociaux');
    expect(apeCodes().every((c) => c.section !== null)).toBe(true);
  });

  it('labels departments and lists them in the official order (01…19, 2A, 2B, 21…95, 971…)', () => {
    expect(departmentLabel('75')).toBe('Paris');
    expect(departmentOfCommune('97411')).toBe('974');
    expect(departmentOfCommune('2A004')).toBe('2A');
    expect(frenchDepartments()).toEqual(allDepartments());
    const codes = frenchDepartments().map((d) => d.code);
    expect(codes.slice(0, 3)).toEqual(['01', '02', '03']);
    expect(codes.slice(codes.indexOf('19'), codes.indexOf('19') + 4)).toEqual([
      '19',
      '2A',
      '2B',
      '21',
    ]);
    expect(codes).not.toContain('20');
    expect(codes.slice(codes.indexOf('95'), codes.indexOf('95') + 7)).toEqual([
      '95',
      '971',
      '972',
      '973',
      '974',
      '975',
      '976',
    ]);
  });

  it('labels categories with and without their abbreviation', () => {
    expect(CATEGORIES.map((c) => c.code)).toEqual(['PME', 'ETI', 'GE']);
    expect(categoryLabel('ETI')).toBe('Entreprise de taille intermédiaire (ETI)');
    expect(categoryLabel('XX')).toBe('XX');
  });

  it('labels the commonest legal forms and lists headcount bands in the official order', () => {
    expect(legalFormLabel('5720')).toMatch(/^Société par actions simplifiée à associé unique/);
    expect(legalFormLabel('5498')).toBe('SARL unipersonnelle');
    expect(legalFormLabel('5710')).toMatch(/^SAS/);
    expect(allHeadcountBands().map((b) => b.code)).toEqual([
      'NN',
      '00',
      '01',
      '02',
      '03',
      '11',
      '12',
      '21',
      '22',
      '31',
      '32',
      '41',
      '42',
      '51',
      '52',
      '53',
    ]);
  });

  it('knows which legal forms are registered at the RCS', () => {
    expect(isRcsLegalForm('5710')).toBe(true); // SAS
    expect(isRcsLegalForm('6220')).toBe(true); // GIE
    expect(isRcsLegalForm('6540')).toBe(true); // SCI
    expect(isRcsLegalForm('1000')).toBe(false); // individual entrepreneur
    expect(isRcsLegalForm('9220')).toBe(false); // association
    expect(isRcsLegalForm(null)).toBe(false);
  });
});
