'use client';

import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import m from '@/i18n/fr/filters';
import { interpolate } from '@/i18n/interpolate';
import { MuiIsland } from '@/ui/theme/MuiIsland';
import { codeLabel } from './filterLabels';
import { filterChoices, optionsFor } from './filterOptions';

/**
 * A multiple choice you can type into (MUI Autocomplete: an ARIA combobox, chips for the chosen
 * values, Backspace removes the last one). Loaded lazily by FilterPanel once the page is
 * interactive: MUI stays out of the first-load JavaScript.
 */
export default function MuiMultiSelect({
  id,
  label,
  param,
  value,
  onChange,
}: {
  id: string;
  label: string;
  param: string;
  value: string[];
  onChange: (codes: string[]) => void;
}) {
  const options = optionsFor(param);
  const selected = value.map(
    (code) => options.find((o) => o.code === code) ?? { code, label: codeLabel(param, code) },
  );
  return (
    <MuiIsland>
      <Autocomplete
        id={id}
        multiple
        size="small"
        options={options}
        value={selected}
        filterOptions={filterChoices}
        filterSelectedOptions
        disableCloseOnSelect
        autoHighlight
        limitTags={4}
        getOptionLabel={(o) => o.label}
        groupBy={options.some((o) => o.group) ? (o) => o.group ?? '' : undefined}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        onChange={(_e, next) => onChange(next.map((o) => o.code))}
        noOptionsText={m.noOption}
        openText={m.open}
        closeText={m.close}
        clearText={m.clear}
        getLimitTagsText={(more) => interpolate(m.more, { count: more })}
        renderInput={(params) => (
          <TextField {...params} label={label} placeholder={m.typeToFilter} />
        )}
      />
    </MuiIsland>
  );
}
