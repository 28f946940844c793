/**
 * The lazy search box is, before its code arrives, the same markup as the combobox it becomes
 * (issue 38): a search form to /resultats, the input named and described alike, a collapsed
 * combobox with its listbox, so that neither the page's look nor what assistive technologies
 * and tests find changes when the visitor reaches it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LazySearchCombobox } from './LazySearchCombobox';
import type { SearchComboboxProps } from './SearchBoxForm';
import { SearchCombobox } from './SearchCombobox';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => undefined }) }));

/** The markup with React's generated ids made alike. */
const shape = (html: string) =>
  html.replace(/_R_[0-9a-z]+_/gi, 'ID').replace(/«r[0-9a-z]+»/g, 'ID');

/** The tags and attributes, without the live region the combobox adds for its answers. */
const tags = (html: string) =>
  [...shape(html).matchAll(/<(form|input|label|button|ul|div)\b[^>]*>/g)].map((m) => m[0]);

const header: SearchComboboxProps = {
  action: '/resultats',
  label: 'Rechercher une entreprise par nom, SIREN ou SIRET',
  placeholder: 'Nom, SIREN, SIRET, n° de TVA…',
  suggest: true,
  compact: true,
  buttonLabel: 'OK',
};

describe('LazySearchCombobox before its code arrives', () => {
  it('is the header combobox’s markup, collapsed', () => {
    const lazy = renderToStaticMarkup(<LazySearchCombobox {...header} inputId="q" />);
    const live = renderToStaticMarkup(<SearchCombobox {...header} inputId="q" />);
    expect(tags(lazy)).toEqual(tags(live));
    expect(lazy).toContain('role="combobox"');
    expect(lazy).toContain('aria-expanded="false"');
    expect(lazy).toContain('action="/resultats"');
  });

  it('keeps the home page’s outside label, hint and classes', () => {
    const home: SearchComboboxProps = {
      ...header,
      compact: false,
      inputId: 'home-search',
      externalLabel: true,
      describedBy: 'home-search-hint',
      classes: { form: 'f', field: 'c', input: '', button: 'b' },
    };
    const lazy = renderToStaticMarkup(<LazySearchCombobox {...home} />);
    expect(tags(lazy)).toEqual(tags(renderToStaticMarkup(<SearchCombobox {...home} />)));
    expect(lazy).toContain('id="home-search"');
    expect(lazy).not.toContain('<label');
  });
});
