import { describe, expect, it } from 'vitest';
import { apeCodes } from '@/domain/reference/naf';
import { allLegalForms } from '@/domain/legal-forms';
import { FILTER_PARAMS, SEARCH_LABELS } from '@/search/filter-params';
import { filterChoices, optionsFor } from './filterOptions';

const state = (inputValue: string) => ({
  inputValue,
  getOptionLabel: (o: { label: string }) => o.label,
});

describe('the filter panel’s lists (issue 39: never cut)', () => {
  it('offers every department up to 976 and beyond, every NAF class and legal form, untyped', () => {
    const departments = optionsFor(FILTER_PARAMS.departments);
    expect(departments.map((d) => d.code)).toEqual(
      expect.arrayContaining(['01', '2A', '95', '971', '976']),
    );
    expect(filterChoices(departments, state(''))).toHaveLength(departments.length);
    expect(departments.length).toBeGreaterThan(100);
    const activities = optionsFor(FILTER_PARAMS.activities);
    const shown = filterChoices(activities, state('')).map((o) => o.code);
    for (const c of apeCodes()) expect(shown).toContain(c.code);
    expect(shown.length).toBeGreaterThan(700);
    // Under their section's heading, in one block each (the list's headings).
    const groups = activities.map((o) => o.group);
    expect(new Set(groups).size).toBe(groups.filter((g, i) => g !== groups[i - 1]).length);
    const forms = filterChoices(optionsFor(FILTER_PARAMS.legalForms), state('')).map((o) => o.code);
    for (const f of allLegalForms().filter((x) => x.code !== '0000'))
      expect(forms).toContain(f.code);
  });

  it('offers every label, to require or to exclude', () => {
    expect(optionsFor(FILTER_PARAMS.excludedLabels).map((o) => o.code)).toEqual(
      Object.keys(SEARCH_LABELS),
    );
  });
});
