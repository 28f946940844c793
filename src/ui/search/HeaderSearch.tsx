'use client';

import { LazySearchCombobox } from './LazySearchCombobox';

/**
 * The header's search box (mounted by the frame in the top navigation): company suggestions
 * after 2 characters, Enter searches /resultats. Its code comes when a visitor reaches the box
 * (LazySearchCombobox), not with every page.
 */
export function HeaderSearch({ defaultValue }: { defaultValue?: string }) {
  return (
    <LazySearchCombobox
      action="/resultats"
      label="Rechercher une entreprise par nom, SIREN ou SIRET"
      placeholder="Nom, SIREN, SIRET, n° de TVA…"
      defaultValue={defaultValue}
      suggest
      compact
      buttonLabel="OK"
    />
  );
}
