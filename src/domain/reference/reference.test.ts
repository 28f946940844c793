import { describe, expect, it } from 'vitest';
import { isRcsLegalForm } from '@/domain/legal-forms';
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

  it('labels departments, in file order for the API and code order for the indexes', () => {
    expect(departmentLabel('75')).toBe('Paris');
    expect(departmentOfCommune('97411')).toBe('974');
    expect(departmentOfCommune('2A004')).toBe('2A');
    expect(frenchDepartments()).toHaveLength(allDepartments().length);
    const codes = allDepartments().map((d) => d.code);
    expect(codes).toEqual([...codes].sort((a, b) => a.localeCompare(b)));
  });

  it('labels categories with and without their abbreviation', () => {
    expect(CATEGORIES.map((c) => c.code)).toEqual(['PME', 'ETI', 'GE']);
    expect(categoryLabel('ETI')).toBe('Entreprise de taille intermédiaire (ETI)');
    expect(categoryLabel('XX')).toBe('XX');
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
