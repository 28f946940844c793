import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from './filter-params';
import { parseSearchRequest, searchRequestToParams } from './request';

const parse = (s: string) => parseSearchRequest(new URLSearchParams(s));
const fieldsOf = (s: string) => {
  const r = parse(s);
  if (!('ok' in r)) throw new Error(`accepted: ${s}`);
  expect(r.code).toBe('VALIDATION_FAILED');
  return Object.keys(r.fields ?? {});
};

describe('parseSearchRequest', () => {
  it('reads every parameter and writes them back', () => {
    const r = parse(
      'q=boulangerie&commune=69123&epci=200046977&convention=1501&dirigeant=Martin&naissance_min=1960' +
        '&naissance_max=1980&tri=ca&ordre=asc&page=3&per_page=50&lat=45.76&lon=4.85&rayon=5',
    );
    if ('ok' in r) throw new Error(r.message);
    expect(r).toMatchObject({
      query: 'boulangerie',
      sort: 'ca',
      order: 'asc',
      page: 3,
      pageSize: 50,
      near: { kind: 'point', lat: 45.76, lon: 4.85, radiusKm: 5 },
      filters: {
        communes: ['69123'],
        epcis: ['200046977'],
        idcc: ['1501'],
        directorName: 'Martin',
        directorBirthFrom: 1960,
        directorBirthTo: 1980,
      },
    });
    expect(parse(searchRequestToParams(r).toString())).toEqual(r);
  });

  it('defaults: relevance, 20 a page, nearest first around a commune', () => {
    expect(parse('q=danone')).toMatchObject({
      sort: 'pertinence',
      page: 1,
      pageSize: 20,
      near: null,
    });
    expect(parse('autour=Lyon')).toMatchObject({
      sort: 'distance',
      near: { kind: 'commune', commune: 'Lyon', radiusKm: 10 },
      filters: EMPTY_FILTERS,
    });
  });

  it('names the parameter of every bad value', () => {
    expect(fieldsOf('departement=20')).toEqual(['departement']);
    expect(fieldsOf('departement=2A,96')).toEqual(['departement']);
    expect(fieldsOf('activite=Z')).toEqual(['activite']);
    expect(fieldsOf('forme_juridique=12345')).toEqual(['forme_juridique']);
    expect(fieldsOf('label=inconnu')).toEqual(['label']);
    expect(fieldsOf('creation_min=2021-02-30')).toEqual(['creation_min']);
    expect(fieldsOf('ca_min=10&ca_max=1')).toEqual(['ca_min']);
    expect(fieldsOf('naissance_min=1990&naissance_max=1980&dirigeant=Martin')).toEqual([
      'naissance_min',
    ]);
    expect(fieldsOf('rayon=50.5&autour=Lyon')).toEqual(['rayon']);
    expect(fieldsOf('rayon=0&autour=Lyon')).toEqual(['rayon']);
    expect(fieldsOf('rayon=5')).toEqual(['rayon']);
    expect(fieldsOf('lat=51.5&lon=-0.12')).toEqual(['lat']);
    expect(fieldsOf('lat=abc&lon=2')).toEqual(['lat']);
    expect(fieldsOf('lat=48.8&lon=2.3&autour=Paris')).toEqual(['autour']);
    expect(fieldsOf('tri=prix')).toEqual(['tri']);
    expect(fieldsOf('tri=distance')).toEqual(['tri']);
    expect(fieldsOf('ordre=haut')).toEqual(['ordre']);
    expect(fieldsOf('page=0')).toEqual(['page']);
    expect(fieldsOf('per_page=20&page=501')).toEqual(['page']);
    expect(fieldsOf('per_page=101')).toEqual(['per_page']);
    // Several at once, all named.
    expect(fieldsOf('departement=00&tri=x&rayon=99&autour=Lyon').sort()).toEqual([
      'departement',
      'rayon',
      'tri',
    ]);
  });

  it('accepts the overseas departments and a point in La Réunion', () => {
    expect(parse('departement=971,976,2A,2B&lat=-20.88&lon=55.45&rayon=50')).toMatchObject({
      filters: { departments: ['971', '976', '2A', '2B'] },
      near: { radiusKm: 50 },
    });
  });
});
