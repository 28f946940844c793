import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersToParams, hasFilters, parseFilters } from './filters';

const params = (s: string) => new URLSearchParams(s);

describe('parseFilters', () => {
  it('reads every filter from the URL and writes it back', () => {
    const f = parseFilters(
      params(
        'departement=75,2A&activite=C,70.10Z&forme_juridique=5710&effectif=11&categorie=PME&etat=actif' +
          '&creation_min=2000-01-01&creation_max=2020-12-31&capital_min=1000&ca_max=5000000&resultat_min=-10&lieu=75009',
      ),
    );
    expect(f).toMatchObject({
      departments: ['75', '2A'],
      activities: ['C', '70.10Z'],
      legalForms: ['5710'],
      status: 'A',
      capitalMin: 1000,
      revenueMax: 5000000,
      netResultMin: -10,
      place: '75009',
    });
    if ('code' in f) throw new Error('unexpected');
    expect(parseFilters(new URLSearchParams(filtersToParams(f)))).toEqual(f);
    expect(hasFilters(f)).toBe(true);
  });
  it('reads and writes back the filters of issue 39 (saved searches and exports keep them)', () => {
    const f = parseFilters(
      params(
        'label=ess,rge&sans_label=bio&collectivite=75c,69M&finess=750000010&uai=0810012y&rge=3111D111&elu=Dupont',
      ),
    );
    expect(f).toMatchObject({
      labels: ['ess', 'rge'],
      excludedLabels: ['bio'],
      collectivities: ['75C', '69M'],
      finess: ['750000010'],
      uai: ['0810012Y'],
      rge: ['3111D111'],
      electedName: 'Dupont',
    });
    if ('code' in f) throw new Error('unexpected');
    expect(parseFilters(new URLSearchParams(filtersToParams(f)))).toEqual(f);
  });
  it('ignores unknown parameters and says what is wrong', () => {
    expect(parseFilters(params('foo=bar'))).toEqual(EMPTY_FILTERS);
    expect(parseFilters(params('departement=999'))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(parseFilters(params("activite=';drop"))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(parseFilters(params('capital_min=1e9'))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(parseFilters(params('creation_min=hier'))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(parseFilters(params('etat=peut-etre'))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
