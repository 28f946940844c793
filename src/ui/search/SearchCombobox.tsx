'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import type { CompanyResult } from '@/search/companies';
import m from '@/i18n/fr/combobox';
import { interpolate } from '@/i18n/interpolate';
import s from './search.module.css';
import { STATE_WORDS } from '@/domain/company-state';

type Suggestion = Pick<
  CompanyResult,
  'siren' | 'sirenFormatted' | 'name' | 'url' | 'state' | 'headOffice' | 'matched'
>;

export type SearchComboboxProps = {
  /** Where the form goes on submit (GET), e.g. /resultats. */
  action: string;
  label: string;
  placeholder?: string;
  defaultValue?: string;
  paramName?: 'q' | 'name';
  /** Company suggestions after 2 characters. */
  suggest?: boolean;
  compact?: boolean;
  buttonLabel?: string;
  /** Extra hidden fields kept on submit (filters of the current page). */
  hidden?: Array<[string, string]>;
};

const DEBOUNCE_MS = 220;
const MIN_CHARS = 2;

/**
 * A search box. With `suggest`, an ARIA 1.2 combobox: suggestions appear after 2 characters
 * (debounced), arrows move, Enter opens the highlighted company or searches, Escape closes.
 * Without JavaScript it is a plain GET form.
 */
export function SearchCombobox({
  action,
  label,
  placeholder,
  defaultValue = '',
  paramName = 'q',
  suggest = false,
  compact = false,
  buttonLabel = m.submit,
  hidden = [],
}: SearchComboboxProps) {
  const router = useRouter();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [value, setValue] = useState(defaultValue);
  const [allItems, setItems] = useState<Suggestion[]>([]);
  /** The query the suggestions answer: older ones are not shown. */
  const [itemsQuery, setItemsQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'error'>('idle');
  const abort = useRef<AbortController | null>(null);
  const wrap = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!suggest) return;
    const q = value.trim();
    if (q.length < MIN_CHARS) {
      abort.current?.abort();
      return;
    }
    const timer = setTimeout(async () => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState('loading');
      try {
        const res = await fetch(`/api/search/companies?q=${encodeURIComponent(q)}&per_page=6`, {
          signal: controller.signal,
          headers: { 'hide-financial-data': 'true', Accept: 'application/json' },
        });
        const body = (await res.json()) as { data?: { data?: { results?: Suggestion[] } } };
        if (controller.signal.aborted) return;
        setItems(body.data?.data?.results ?? []);
        setItemsQuery(q);
        setActive(-1);
        setState(res.ok ? 'done' : 'error');
      } catch (e) {
        if ((e as Error).name !== 'AbortError') setState('error');
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, suggest]);

  useEffect(() => {
    function onDocClick(e: MouseEvent) {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onDocClick);
    return () => document.removeEventListener('mousedown', onDocClick);
  }, []);

  const q = value.trim();
  const showList = suggest && open && q.length >= MIN_CHARS && state !== 'idle';
  const items = itemsQuery === q ? allItems : [];
  // The last option searches everything.
  const optionCount = items.length + (q.length >= MIN_CHARS ? 1 : 0);

  function resultsHref(): string {
    const params = new URLSearchParams(hidden);
    params.set(paramName, q);
    return `${action}?${params.toString()}`;
  }

  function choose(index: number) {
    setOpen(false);
    if (index >= 0 && index < items.length) router.push(items[index]!.url);
    else router.push(resultsHref());
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (!suggest) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (optionCount === 0 ? -1 : (i + 1) % optionCount));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (optionCount === 0 ? -1 : i <= 0 ? optionCount - 1 : i - 1));
    } else if (e.key === 'Enter') {
      if (showList && active >= 0) {
        e.preventDefault();
        choose(active);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setValue('');
    }
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    if (q.length < MIN_CHARS) {
      e.preventDefault();
      return;
    }
    e.preventDefault();
    setOpen(false);
    router.push(resultsHref());
  }

  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <form
      action={action}
      method="get"
      role="search"
      // Named after its field: the header's box and a page's own box are two search landmarks,
      // which axe's landmark-unique wants told apart.
      aria-label={label}
      className={`${s.searchForm} ${compact ? s.compact : ''}`}
      onSubmit={onSubmit}
    >
      {hidden.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className={s.comboWrap} ref={wrap}>
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          className={s.input}
          name={paramName}
          type="search"
          autoComplete="off"
          spellCheck={false}
          minLength={MIN_CHARS}
          maxLength={200}
          required
          placeholder={placeholder}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          {...(suggest
            ? {
                role: 'combobox',
                'aria-expanded': showList,
                'aria-controls': listId,
                'aria-autocomplete': 'list' as const,
                'aria-activedescendant': showList && active >= 0 ? optionId(active) : undefined,
              }
            : {})}
        />
        {suggest && (
          <ul
            id={listId}
            role="listbox"
            aria-label={m.suggestions}
            className={s.listbox}
            hidden={!showList}
          >
            {(state === 'loading' || itemsQuery !== q) &&
              items.length === 0 &&
              state !== 'error' && (
                <li className={s.status} role="presentation">
                  {m.loading}
                </li>
              )}
            {state === 'error' && (
              <li className={s.status} role="presentation">
                {m.unavailable}
              </li>
            )}
            {state === 'done' && itemsQuery === q && items.length === 0 && (
              <li className={s.status} role="presentation">
                {interpolate(m.none, { query: q })}
              </li>
            )}
            {items.map((item, i) => (
              <li
                key={item.siren}
                id={optionId(i)}
                role="option"
                aria-selected={active === i}
                className={s.option}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(i)}
                onMouseEnter={() => setActive(i)}
              >
                <span className={s.optionName}>{item.name ?? m.hiddenName}</span>
                <span className={s.optionMeta}>
                  {item.sirenFormatted}
                  {item.headOffice.commune
                    ? ` · ${item.headOffice.postcode ?? ''} ${item.headOffice.commune}`
                    : ''}
                  {item.state !== 'active' ? ` · ${STATE_WORDS[item.state]}` : ''}
                  {item.matched && item.matched.label ? ` · ${item.matched.label}` : ''}
                </span>
              </li>
            ))}
            {q.length >= MIN_CHARS && (
              <li
                id={optionId(items.length)}
                role="option"
                aria-selected={active === items.length}
                className={s.optionAll}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(items.length)}
                onMouseEnter={() => setActive(items.length)}
              >
                {interpolate(m.all, { query: q })}
              </li>
            )}
          </ul>
        )}
        {suggest && (
          <span className="visually-hidden" aria-live="polite">
            {showList && state === 'done'
              ? items.length === 0
                ? m.noneLive
                : interpolate(m.count, { count: items.length })
              : ''}
          </span>
        )}
      </div>
      <button type="submit" className={s.button}>
        {buttonLabel}
      </button>
    </form>
  );
}
