import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilterChips } from './FilterChips';
import { describeFilter } from './filterLabels';
import { optionsFor } from './filterOptions';
import { chipsOf, hasNarrowing, sortOf, withChanges, withoutNarrowing } from './resultsUrl';

const url = (qs: string) => new URLSearchParams(qs);

describe('results URL state', () => {
  it('starts a changed search at page 1, drops defaults and keeps the rest in order', () => {
    const next = withChanges(url('q=danone&departement=75&page=3&tri=nom'), {
      departement: ['75', '92'],
      etat: 'tous',
      tri: 'pertinence',
    });
    expect(next.toString()).toBe('q=danone&departement=75%2C92');
    expect(withChanges(url('q=x&rayon=10'), {}).has('rayon')).toBe(false);
    expect(withChanges(url('autour=Lyon&rayon=10'), {}).get('rayon')).toBe('10');
    expect(sortOf(url('tri=ca'))).toBe('ca');
    expect(sortOf(url('tri=nimporte'))).toBe('pertinence');
  });

  it('gives one removable chip per chosen value, each link the same search without it', () => {
    const params = url('q=sci&departement=2A,75&forme_juridique=5720&tri=nom&page=2');
    const chips = chipsOf('/resultats', params, describeFilter);
    expect(chips.map((c) => c.label)).toEqual([
      'Forme juridique : Société par actions simplifiée à associé unique ou société par actions simplifiée unipersonnelle',
      'Département : 2A – Corse-du-Sud',
      'Département : 75 – Paris',
    ]);
    expect(chips[1]!.href).toBe('/resultats?q=sci&departement=75&forme_juridique=5720&tri=nom');
    expect(chips[0]!.href).toBe('/resultats?q=sci&departement=2A%2C75&tri=nom');
    expect(hasNarrowing(params)).toBe(true);
    expect(withoutNarrowing(params).toString()).toBe('q=sci&tri=nom');
  });

  it('prints every code with its label, never a bare code', () => {
    const p = url('');
    expect(describeFilter('effectif', '00', p)).toBe('Effectif : 0 salarié');
    expect(describeFilter('effectif', '01', p)).toBe('Effectif : 1 ou 2 salariés');
    expect(describeFilter('activite', '70.10Z', p)).toBe(
      'Activité : 70.10Z – Activités des sièges sociaux',
    );
    expect(describeFilter('activite', 'C', p)).toMatch(/^Activité : section C – Industrie/);
    expect(describeFilter('label', 'rge', p)).toBe('Label : RGE');
    expect(describeFilter('etat', 'actif', p)).toBe('État : Actives');
    expect(describeFilter('capital_min', '10000', p)).toBe('Capital ≥ 10\u202f000\u00a0€');
    expect(describeFilter('creation_min', '2020-01-31', p)).toBe('Créée à partir du 31/01/2020');
    expect(describeFilter('autour', 'Lyon', url('rayon=5'))).toBe('Autour de : Lyon (5 km)');
  });

  it('lists departments and headcount bands in the official order, every option labelled', () => {
    const deps = optionsFor('departement').map((o) => o.code);
    expect(deps.slice(0, 2)).toEqual(['01', '02']);
    expect(deps.slice(deps.indexOf('19'), deps.indexOf('19') + 4)).toEqual([
      '19',
      '2A',
      '2B',
      '21',
    ]);
    expect(deps.indexOf('95')).toBeLessThan(deps.indexOf('971'));
    expect(
      optionsFor('effectif')
        .map((o) => o.label)
        .slice(0, 3),
    ).toEqual(['Non employeuse', '0 salarié', '1 ou 2 salariés']);
    expect(optionsFor('forme_juridique').find((o) => o.code === '5720')?.label).toMatch(
      /^Société par actions simplifiée à associé unique/,
    );
    for (const param of ['departement', 'activite', 'forme_juridique', 'effectif', 'label'])
      for (const o of optionsFor(param)) expect(o.label, `${param} ${o.code}`).not.toBe(o.code);
  });

  it('renders the chips as links with a French name for each removal', () => {
    const html = renderToStaticMarkup(
      <FilterChips basePath="/resultats" params={url('q=sci&departement=75&effectif=00')} />,
    );
    expect(html).toContain('aria-label="Filtres choisis"');
    expect(html).toContain('Département : 75 – Paris');
    expect(html).toContain('aria-label="Retirer le filtre « Effectif : 0 salarié »"');
    expect(html).toContain('href="/resultats?q=sci&amp;effectif=00"');
    expect(html).toContain('Tout effacer');
    expect(renderToStaticMarkup(<FilterChips basePath="/resultats" params={url('q=sci')} />)).toBe(
      '',
    );
  });
});
