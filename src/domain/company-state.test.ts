import { describe, expect, it } from 'vitest';
import { companyState, companyStateLabel } from './company-state';

describe('a company’s state', () => {
  const facts = { status: 'A', known: true, ceasedDate: null, strikeOffDate: null };

  it('is unknown for a record no source gives a state for, never active', () => {
    expect(companyState({ ...facts, known: false })).toBe('unknown');
    expect(companyStateLabel('unknown', facts)).toBe('État non renseigné');
  });

  it('is struck off when a strike-off is known and SIRENE does not say it is active', () => {
    const struck = { ...facts, status: 'C', ceasedDate: '2022-10-22', strikeOffDate: '2022-11-14' };
    expect(companyState(struck)).toBe('struck-off');
    expect(companyState({ ...struck, known: false, status: 'A' })).toBe('struck-off');
    expect(companyState({ ...struck, status: 'A' })).toBe('active');
    expect(companyStateLabel('struck-off', struck)).toBe(
      'Radiée du RCS le 14/11/2022 (activité cessée le 22/10/2022)',
    );
  });

  it('dates a cessation, in the caller’s format when given', () => {
    const ceased = { ...facts, status: 'C', ceasedDate: '2020-03-01' };
    expect(companyState(ceased)).toBe('ceased');
    expect(companyStateLabel('ceased', ceased)).toBe('Cessée le 01/03/2020');
    expect(companyStateLabel('ceased', ceased, (d) => `[${d}]`)).toBe('Cessée le [2020-03-01]');
    expect(companyStateLabel('active', facts)).toBe('Active');
  });
});
