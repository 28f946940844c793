import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { FILTER_PARAMS } from '@/search/filter-params';
import { FilterPanel } from './FilterPanel';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => {}, replace: () => {} }) }));

describe('filter panel', () => {
  const html = renderToStaticMarkup(
    <FilterPanel
      basePath="/resultats"
      query="q=sci&departement=2A%2C75&etat=actif&capital_min=1000&tri=nom"
    />,
  );

  it('is a GET form of the whole filter set, holding the URL’s values, query and sort kept', () => {
    expect(html).toMatch(/<form[^>]*action="\/resultats" method="get"/);
    for (const param of Object.values(FILTER_PARAMS)) expect(html).toContain(`name="${param}"`);
    expect(html).toContain('name="autour"');
    expect(html).toMatch(/name="departement" value="2A,75"/);
    expect(html).toMatch(/name="capital_min"[^>]*value="1000"/);
    expect(html).toMatch(/checked="" value="actif"/);
    expect(html).toContain('<input type="hidden" name="q" value="sci"/>');
    expect(html).toContain('<input type="hidden" name="tri" value="nom"/>');
  });

  it('needs neither Ctrl/Cmd nor a name: no multiple select, no required field', () => {
    expect(html).not.toContain('multiple');
    expect(html).not.toContain('required');
    expect(html).not.toMatch(/Ctrl|Cmd/);
  });

  it('shows how many of the results have each category and state, when the search counts them', () => {
    const counted = renderToStaticMarkup(
      <FilterPanel
        basePath="/resultats"
        query="q=sci"
        counts={{ categories: { PME: 12, ETI: 1 }, statuses: { A: 10, C: 3 } }}
      />,
    );
    expect(counted).toContain('PME (12)');
    expect(counted).toContain('ETI (1)');
    expect(counted).toContain('GE (0)');
    expect(counted).toContain('Actives (10)');
    expect(counted).toContain('Cessées ou radiées (3)');
    expect(html).not.toMatch(/PME \(/);
  });
});
