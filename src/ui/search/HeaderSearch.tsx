'use client';

import { SearchCombobox } from './SearchCombobox';

/**
 * The header's search box (mounted by the frame in the top navigation): company suggestions
 * after 2 characters, Enter searches /resultats.
 */
export function HeaderSearch({ defaultValue }: { defaultValue?: string }) {
  return (
    <SearchCombobox
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
