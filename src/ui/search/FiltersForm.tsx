'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { FILTER_PARAMS, type SearchFilters } from '@/search/filter-params';
import type { FilterOptions } from './filterOptions';
import { readStoredFilters, storeFilters } from './filterStorage';
import m from '@/i18n/fr/filters';
import { interpolate } from '@/i18n/interpolate';
import s from './search.module.css';

function formToParams(form: HTMLFormElement): URLSearchParams {
  const data = new FormData(form);
  const out = new URLSearchParams();
  const keys = [...new Set([...data.keys()])];
  for (const k of keys) {
    const values = data
      .getAll(k)
      .map((v) => String(v).trim())
      .filter((v) => v !== '' && v !== 'tous');
    if (values.length) out.set(k, values.join(','));
  }
  return out;
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

/**
 * The advanced-search filters. A plain GET form (works without JavaScript); with JavaScript the
 * URL is built without empty fields and the filters are kept in the `filter-storage` store,
 * merged on every update, so that the next advanced search starts from them.
 */
export function FiltersForm({
  basePath,
  query,
  initial,
  options,
}: {
  basePath: string;
  query: string;
  initial: SearchFilters;
  options: FilterOptions;
}) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement | null>(null);
  const urlHasFilters = JSON.stringify(initial) !== JSON.stringify(emptyLike(initial));

  // A fresh advanced search (no filter in the URL) starts from the stored filters.
  useEffect(() => {
    if (urlHasFilters || !formRef.current) return;
    const stored = readStoredFilters();
    if (!stored) return;
    const form = formRef.current;
    for (const [key, value] of Object.entries(stored)) {
      const param = FILTER_PARAMS[key as keyof SearchFilters];
      if (!param || !value) continue;
      const values = String(value).split(',');
      for (const el of Array.from(
        form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name="${param}"]`),
      )) {
        if (el instanceof HTMLSelectElement) {
          for (const o of Array.from(el.options)) o.selected = values.includes(o.value);
        } else if (el.type === 'checkbox' || el.type === 'radio')
          el.checked = values.includes(el.value);
        else el.value = String(value);
      }
    }
  }, [urlHasFilters]);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const params = formToParams(e.currentTarget);
    storeFilters(paramsToStored(params));
    const qs = params.toString();
    router.push(qs ? `${basePath}?${qs}` : basePath);
  }

  function onReset() {
    storeFilters(paramsToStored(new URLSearchParams()));
    router.push(query ? `${basePath}?q=${encodeURIComponent(query)}` : basePath);
  }

  const has = (list: string[], v: string) => list.includes(v);
  return (
    <form
      ref={formRef}
      className={s.filters}
      method="get"
      action={basePath}
      onSubmit={onSubmit}
      aria-label={m.label}
    >
      {query && <input type="hidden" name="q" value={query} />}
      <div>
        <CodeSelect
          id="f-dep"
          label={m.departments}
          name={FILTER_PARAMS.departments}
          selected={initial.departments}
          options={options.departments}
          showCode
        />
        <p className={s.hint}>{m.multiple}</p>
      </div>
      <div>
        <CodeSelect
          id="f-sec"
          label={m.sections}
          name={FILTER_PARAMS.activities}
          selected={initial.activities.filter((a) => a.length === 1)}
          options={options.sections}
          showCode
        />
      </div>
      <div>
        <label className={s.fieldLabel} htmlFor="f-naf">
          {m.nafCodes}
        </label>
        <input
          id="f-naf"
          type="text"
          name={FILTER_PARAMS.activities}
          placeholder={m.nafPlaceholder}
          defaultValue={initial.activities.filter((a) => a.length > 1).join(', ')}
          pattern="^\s*\d{2}\.\d{2}[A-Za-z](\s*,\s*\d{2}\.\d{2}[A-Za-z])*\s*$"
        />
      </div>
      <div>
        <CodeSelect
          id="f-lf"
          label={m.legalForms}
          name={FILTER_PARAMS.legalForms}
          selected={initial.legalForms}
          options={options.legalForms}
        />
      </div>
      <div>
        <CodeSelect
          id="f-hc"
          label={m.headcountBands}
          name={FILTER_PARAMS.headcountBands}
          selected={initial.headcountBands}
          options={options.headcountBands}
        />
      </div>
      <fieldset>
        <legend>{m.category}</legend>
        <div className={s.checks}>
          {options.categories.map((c) => (
            <label key={c.code} title={c.label}>
              <input
                type="checkbox"
                name={FILTER_PARAMS.categories}
                value={c.code}
                defaultChecked={has(initial.categories, c.code)}
              />
              {c.code}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{m.labels}</legend>
        <div className={s.checks}>
          {options.labels.map((l) => (
            <label key={l.code}>
              <input
                type="checkbox"
                name={FILTER_PARAMS.labels}
                value={l.code}
                defaultChecked={has(initial.labels, l.code)}
              />
              {l.label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{m.status}</legend>
        <div className={s.checks}>
          {Object.entries(m.statuses).map(([v, l]) => (
            <label key={v}>
              <input
                type="radio"
                name={FILTER_PARAMS.status}
                value={v}
                defaultChecked={
                  (v === 'tous' && !initial.status) ||
                  (v === 'actif' && initial.status === 'A') ||
                  (v === 'cesse' && initial.status === 'C')
                }
              />
              {l}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{m.contradictions}</legend>
        <label>
          <input
            type="checkbox"
            name={FILTER_PARAMS.contradictions}
            value="1"
            defaultChecked={initial.contradictions}
          />
          {m.contradictionsOnly}
        </label>
      </fieldset>
      <fieldset>
        <legend>{m.creation}</legend>
        <div className={s.range}>
          <input
            type="date"
            name={FILTER_PARAMS.createdFrom}
            aria-label={m.createdFrom}
            defaultValue={initial.createdFrom ?? ''}
          />
          <input
            type="date"
            name={FILTER_PARAMS.createdTo}
            aria-label={m.createdTo}
            defaultValue={initial.createdTo ?? ''}
          />
        </div>
      </fieldset>
      <Range
        legend={m.capital}
        min={FILTER_PARAMS.capitalMin}
        max={FILTER_PARAMS.capitalMax}
        f={[initial.capitalMin, initial.capitalMax]}
      />
      <Range
        legend={m.revenue}
        min={FILTER_PARAMS.revenueMin}
        max={FILTER_PARAMS.revenueMax}
        f={[initial.revenueMin, initial.revenueMax]}
      />
      <Range
        legend={m.netResult}
        min={FILTER_PARAMS.netResultMin}
        max={FILTER_PARAMS.netResultMax}
        f={[initial.netResultMin, initial.netResultMax]}
      />
      <div>
        <label className={s.fieldLabel} htmlFor="f-place">
          {m.place}
        </label>
        <input
          id="f-place"
          type="text"
          name={FILTER_PARAMS.place}
          maxLength={80}
          defaultValue={initial.place ?? ''}
        />
      </div>
      <div className={s.filterActions}>
        <button type="submit" className={s.button}>
          {m.apply}
        </button>
        <button type="button" className={s.secondaryButton} onClick={onReset}>
          {m.reset}
        </button>
      </div>
    </form>
  );
}

/** A labelled multiple choice among coded values (departments, NAF sections, legal forms…). */
function CodeSelect({
  id,
  label,
  name,
  selected,
  options,
  showCode = false,
}: {
  id: string;
  label: string;
  name: string;
  selected: string[];
  options: Array<{ code: string; label: string }>;
  /** Prefix each label with its code ("75 – Paris"). */
  showCode?: boolean;
}) {
  return (
    <>
      <label className={s.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} multiple defaultValue={selected}>
        {options.map((d) => (
          <option key={d.code} value={d.code}>
            {showCode ? interpolate(m.codeLabel, { code: d.code, label: d.label }) : d.label}
          </option>
        ))}
      </select>
    </>
  );
}

function Range({
  legend,
  min,
  max,
  f,
}: {
  legend: string;
  min: string;
  max: string;
  f: [number | null, number | null];
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className={s.range}>
        <input
          type="number"
          name={min}
          aria-label={interpolate(m.minimum, { legend })}
          placeholder={m.min}
          defaultValue={f[0] ?? ''}
        />
        <input
          type="number"
          name={max}
          aria-label={interpolate(m.maximum, { legend })}
          placeholder={m.max}
          defaultValue={f[1] ?? ''}
        />
      </div>
    </fieldset>
  );
}

function emptyLike(f: SearchFilters): SearchFilters {
  const out = { ...f };
  for (const k of Object.keys(out) as Array<keyof SearchFilters>) {
    (out as Record<string, unknown>)[k] = Array.isArray(out[k])
      ? []
      : typeof out[k] === 'boolean'
        ? false
        : null;
  }
  return out;
}
