'use client';

import { useRouter } from 'next/navigation';
import { lazy, Suspense, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import m from '@/i18n/fr/filters';
import { interpolate } from '@/i18n/interpolate';
import type { SearchFacets } from '@/search/companies';
import { FILTER_PARAMS, SEARCH_LABELS, type SearchFilters } from '@/search/filter-params';
import { readStoredFilters, storeFilters } from './filterStorage';
import {
  GEO_PARAMS,
  hasNarrowing,
  hrefOf,
  listValues,
  NARROWING_PARAMS,
  RADII_KM,
  withChanges,
} from './resultsUrl';
import s from './search.module.css';

const MuiMultiSelect = lazy(() => import('./MuiMultiSelect'));

/** Every parameter the panel edits. */
const FIELDS = [...NARROWING_PARAMS, GEO_PARAMS.lon, GEO_PARAMS.radius];

type Draft = Record<string, string>;

function draftOf(params: URLSearchParams): Draft {
  const d: Draft = {};
  for (const f of FIELDS) d[f] = params.get(f) ?? '';
  const status = d[FILTER_PARAMS.status];
  d[FILTER_PARAMS.status] = status === 'A' ? 'actif' : status === 'C' ? 'cesse' : (status ?? '');
  return d;
}

/** URL parameters → the persisted filters object (the shape of SearchFilters, by key). */
function paramsToStored(params: URLSearchParams): Partial<Record<keyof SearchFilters, string>> {
  const out: Partial<Record<keyof SearchFilters, string>> = {};
  for (const [key, param] of Object.entries(FILTER_PARAMS) as Array<
    [keyof SearchFilters, string]
  >) {
    out[key] = params.get(param) ?? '';
  }
  return out;
}

const subscribeNothing = () => () => {};

/** False during the server render and hydration, true once the page is interactive. */
function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/**
 * The filter panel of every company results page: the whole filter set, each change applied at
 * once as a new URL (a history entry: shareable, the back button restores the previous filters).
 * Lists are typed into (MUI Autocomplete, loaded once the page is interactive; before that, and
 * without JavaScript, a text field of codes in a plain GET form). Text, dates and amounts apply
 * on Enter or when leaving the field. The filters are also kept in `filter-storage` (spec
 * section 3), from which a fresh advanced search starts (`restoreTo`).
 */
/** A value and, when known, how many of the current results have it: « PME (12) ». */
function Counted({ value, count }: { value: string; count: number | null }) {
  return <>{count === null ? value : interpolate(m.valueCount, { value, count })}</>;
}

export function FilterPanel({
  basePath,
  query,
  restoreTo,
  remember = false,
  counts = null,
}: {
  /** Where a change leads (the page's results path). */
  basePath: string;
  /** The current URL parameters, as a query string. */
  query: string;
  /** The empty advanced search page: goes to this path with the stored filters, if any. */
  restoreTo?: string;
  /** The advanced search's results: the filters are kept in `filter-storage`. */
  remember?: boolean;
  /** Companies of the current results per category and state, when the search gives them. */
  counts?: SearchFacets | null;
}) {
  const router = useRouter();
  const uid = useId();
  const params = useMemo(() => new URLSearchParams(query), [query]);
  const [draft, setDraft] = useState<Draft>(() => draftOf(params));
  const [shown, setShown] = useState(query);
  const [geoError, setGeoError] = useState(false);
  // The URL changed (a chip removed, the back button): the panel shows the URL's filters.
  if (shown !== query) {
    setShown(query);
    setDraft(draftOf(params));
  }

  // The stored filters follow the advanced search's URL (a choice, a chip removed, the back button).
  useEffect(() => {
    if (remember) storeFilters(paramsToStored(params));
  }, [remember, params]);

  useEffect(() => {
    if (!restoreTo || hasNarrowing(params)) return;
    const stored = readStoredFilters();
    if (!stored) return;
    const changes: Record<string, string> = {};
    for (const [key, value] of Object.entries(stored)) {
      const param = FILTER_PARAMS[key as keyof SearchFilters];
      if (param && value) changes[param] = String(value);
    }
    if (Object.keys(changes).length === 0) return;
    router.replace(hrefOf(restoreTo, withChanges(params, changes)), { scroll: false });
  }, [restoreTo, params, router]);

  function commit(next: Draft) {
    if ((next[GEO_PARAMS.around] || next[GEO_PARAMS.lat]) && !next[GEO_PARAMS.radius])
      next = { ...next, [GEO_PARAMS.radius]: '10' };
    setDraft(next);
    const url = withChanges(params, next);
    router.push(hrefOf(basePath, url), { scroll: false });
  }
  const edit = (param: string, value: string) => setDraft((d) => ({ ...d, [param]: value }));
  const apply = (param: string, value: string) => commit({ ...draft, [param]: value });
  const applyIfChanged = () => {
    const now = draftOf(params);
    if (FIELDS.some((f) => (draft[f] ?? '').trim() !== (now[f] ?? '').trim())) commit(draft);
  };

  function aroundMe() {
    setGeoError(false);
    navigator.geolocation?.getCurrentPosition(
      (pos) =>
        commit({
          ...draft,
          [GEO_PARAMS.around]: '',
          [GEO_PARAMS.lat]: pos.coords.latitude.toFixed(5),
          [GEO_PARAMS.lon]: pos.coords.longitude.toFixed(5),
          [GEO_PARAMS.radius]: draft[GEO_PARAMS.radius] || '10',
        }),
      () => setGeoError(true),
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }

  const q = params.get('q');
  const sort = params.get('tri');
  const text = (param: string, label: string, props: React.ComponentProps<'input'> = {}) => (
    <div>
      <label className={s.fieldLabel} htmlFor={`${uid}-${param}`}>
        {label}
      </label>
      <input
        id={`${uid}-${param}`}
        type="text"
        name={param}
        value={draft[param] ?? ''}
        onChange={(e) => edit(param, e.target.value)}
        onBlur={applyIfChanged}
        {...props}
      />
    </div>
  );
  const range = (legend: string, min: string, max: string) => (
    <fieldset>
      <legend>{legend}</legend>
      <div className={s.range}>
        {[min, max].map((param, i) => (
          <input
            key={param}
            type="text"
            inputMode="decimal"
            name={param}
            aria-label={interpolate(i === 0 ? m.minimum : m.maximum, { legend })}
            placeholder={i === 0 ? m.min : m.max}
            value={draft[param] ?? ''}
            onChange={(e) => edit(param, e.target.value)}
            onBlur={applyIfChanged}
          />
        ))}
      </div>
    </fieldset>
  );
  const list = (param: string, label: string) => (
    <MultiSelect
      id={`${uid}-${param}`}
      label={label}
      param={param}
      value={draft[param] ?? ''}
      onEdit={(v) => edit(param, v)}
      onApply={(v) => apply(param, v)}
      onBlur={applyIfChanged}
    />
  );

  /** Checkboxes of a list parameter, each with its count when known; `extra`: a class added. */
  const checks = (
    param: string,
    choices: Array<[code: string, label: string, count: number | null]>,
    extra?: string,
  ) => {
    const chosen = listValues(new URLSearchParams({ v: draft[param] ?? '' }), 'v');
    return (
      <div className={extra ? `${s.checks} ${extra}` : s.checks}>
        {choices.map(([code, label, count]) => (
          <label key={code}>
            <input
              type="checkbox"
              name={param}
              value={code}
              checked={chosen.includes(code)}
              onChange={(e) =>
                apply(
                  param,
                  (e.target.checked ? [...chosen, code] : chosen.filter((c) => c !== code)).join(
                    ',',
                  ),
                )
              }
            />
            <Counted value={label} count={count} />
          </label>
        ))}
      </div>
    );
  };

  return (
    <form
      className={s.filters}
      method="get"
      action={basePath}
      aria-label={m.label}
      onSubmit={(e) => {
        e.preventDefault();
        commit(draft);
      }}
    >
      {q && <input type="hidden" name="q" value={q} />}
      {sort && <input type="hidden" name="tri" value={sort} />}
      <fieldset className={s.group}>
        <legend>{m.groups.activity}</legend>
        {list(FILTER_PARAMS.activities, m.activities)}
        {list(FILTER_PARAMS.legalForms, m.legalForms)}
      </fieldset>
      <fieldset className={s.group}>
        <legend>{m.groups.place}</legend>
        {list(FILTER_PARAMS.departments, m.departments)}
        {text(FILTER_PARAMS.place, m.place, { maxLength: 80 })}
        {text(FILTER_PARAMS.communes, m.communes, {
          maxLength: 200,
          placeholder: m.codesPlaceholder,
        })}
        {text(FILTER_PARAMS.epcis, m.epcis, { maxLength: 200, placeholder: m.codesPlaceholder })}
        {text(GEO_PARAMS.around, m.around, {
          maxLength: 80,
          placeholder: m.aroundPlaceholder,
        })}
        <div className={s.aroundRow}>
          <label htmlFor={`${uid}-radius`}>{m.radius}</label>
          <select
            id={`${uid}-radius`}
            name={GEO_PARAMS.radius}
            value={draft[GEO_PARAMS.radius] || '10'}
            onChange={(e) =>
              draft[GEO_PARAMS.around] || draft[GEO_PARAMS.lat]
                ? apply(GEO_PARAMS.radius, e.target.value)
                : edit(GEO_PARAMS.radius, e.target.value)
            }
          >
            {RADII_KM.map((km) => (
              <option key={km} value={String(km)}>
                {interpolate(m.radiusKm, { km })}
              </option>
            ))}
          </select>
          <button type="button" className={s.linkButton} onClick={aroundMe}>
            {m.aroundMe}
          </button>
        </div>
        {draft[GEO_PARAMS.lat] && (
          <>
            <input type="hidden" name={GEO_PARAMS.lat} value={draft[GEO_PARAMS.lat]} />
            <input type="hidden" name={GEO_PARAMS.lon} value={draft[GEO_PARAMS.lon]} />
          </>
        )}
        {geoError && (
          <p className={s.hint} role="alert">
            {m.aroundMeFailed}
          </p>
        )}
      </fieldset>
      <fieldset className={s.group}>
        <legend>{m.groups.size}</legend>
        {list(FILTER_PARAMS.headcountBands, m.headcountBands)}
        <fieldset>
          <legend>{m.category}</legend>
          {checks(
            FILTER_PARAMS.categories,
            (['PME', 'ETI', 'GE'] as const).map((code) => [
              code,
              code,
              counts ? (counts.categories[code] ?? 0) : null,
            ]),
          )}
        </fieldset>
      </fieldset>
      <fieldset className={s.group}>
        <legend>{m.groups.state}</legend>
        <fieldset>
          <legend>{m.status}</legend>
          <div className={s.checks}>
            {Object.entries(m.statuses).map(([v, l]) => (
              <label key={v}>
                <input
                  type="radio"
                  name={FILTER_PARAMS.status}
                  value={v}
                  checked={(draft[FILTER_PARAMS.status] || 'tous') === v}
                  onChange={() => apply(FILTER_PARAMS.status, v === 'tous' ? '' : v)}
                />
                <Counted
                  value={l}
                  count={
                    counts && v !== 'tous'
                      ? (counts.statuses[v === 'actif' ? 'A' : 'C'] ?? 0)
                      : null
                  }
                />
              </label>
            ))}
          </div>
        </fieldset>
        {text(FILTER_PARAMS.directorName, m.director, { maxLength: 80 })}
        {range(m.birth, FILTER_PARAMS.directorBirthFrom, FILTER_PARAMS.directorBirthTo)}
        {text(FILTER_PARAMS.electedName, m.elected, { maxLength: 80 })}
        <fieldset>
          <legend>{m.contradictions}</legend>
          <label>
            <input
              type="checkbox"
              name={FILTER_PARAMS.contradictions}
              value="1"
              checked={draft[FILTER_PARAMS.contradictions] === '1'}
              onChange={(e) => apply(FILTER_PARAMS.contradictions, e.target.checked ? '1' : '')}
            />
            {m.contradictionsOnly}
          </label>
        </fieldset>
      </fieldset>
      <fieldset className={s.group}>
        <legend>{m.groups.labels}</legend>
        <fieldset>
          <legend>{m.labelsWith}</legend>
          {checks(
            FILTER_PARAMS.labels,
            Object.entries(SEARCH_LABELS).map(([code, name]) => [
              code,
              name,
              counts ? (counts.labels?.[code] ?? 0) : null,
            ]),
            s.scrollList,
          )}
        </fieldset>
        {list(FILTER_PARAMS.excludedLabels, m.excludedLabels)}
        {text(FILTER_PARAMS.idcc, m.idcc, { maxLength: 200, placeholder: m.codesPlaceholder })}
        {text(FILTER_PARAMS.collectivities, m.collectivities, {
          maxLength: 200,
          placeholder: m.codesPlaceholder,
        })}
        {text(FILTER_PARAMS.finess, m.finess, { maxLength: 200, placeholder: m.codesPlaceholder })}
        {text(FILTER_PARAMS.uai, m.uai, { maxLength: 200, placeholder: m.codesPlaceholder })}
        {text(FILTER_PARAMS.rge, m.rge, { maxLength: 200, placeholder: m.codesPlaceholder })}
      </fieldset>
      <fieldset className={s.group}>
        <legend>{m.creation}</legend>
        <div className={s.dateRange}>
          {(
            [
              [FILTER_PARAMS.createdFrom, m.createdFrom],
              [FILTER_PARAMS.createdTo, m.createdTo],
            ] as const
          ).map(([param, label]) => (
            <input
              key={param}
              type="date"
              name={param}
              aria-label={label}
              value={draft[param] ?? ''}
              onChange={(e) => edit(param, e.target.value)}
              onBlur={applyIfChanged}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className={s.group}>
        <legend>{m.groups.finances}</legend>
        {range(m.capital, FILTER_PARAMS.capitalMin, FILTER_PARAMS.capitalMax)}
        {range(m.revenue, FILTER_PARAMS.revenueMin, FILTER_PARAMS.revenueMax)}
        {range(m.netResult, FILTER_PARAMS.netResultMin, FILTER_PARAMS.netResultMax)}
      </fieldset>
      <div className={s.filterActions}>
        <button type="submit" className={s.button}>
          {m.apply}
        </button>
      </div>
    </form>
  );
}

/**
 * A list filter: MUI Autocomplete once interactive; before that, and without JavaScript, a text
 * field of comma-separated codes under the same name.
 */
function MultiSelect({
  id,
  label,
  param,
  value,
  onEdit,
  onApply,
  onBlur,
}: {
  id: string;
  label: string;
  param: string;
  value: string;
  onEdit: (value: string) => void;
  onApply: (value: string) => void;
  onBlur: () => void;
}) {
  const interactive = useInteractive();
  const codes = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const plain = (
    <div>
      <label className={s.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        name={param}
        value={value}
        onChange={(e) => onEdit(e.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
  if (!interactive) return plain;
  return (
    <Suspense fallback={plain}>
      <div className={s.multi}>
        <MuiMultiSelect
          id={id}
          label={label}
          param={param}
          value={codes}
          onChange={(next) => onApply(next.join(','))}
        />
        <input type="hidden" name={param} value={codes.join(',')} />
      </div>
    </Suspense>
  );
}
