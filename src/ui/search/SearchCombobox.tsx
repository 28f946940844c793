'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { CompanyResult } from '@/search/companies';
import m from '@/i18n/fr/combobox';
import { interpolate } from '@/i18n/interpolate';
import s from './search.module.css';
import { STATE_WORDS } from '@/domain/company-state';
import { latestSuggestion } from './latestSuggestion';
import { MIN_CHARS, SearchBoxForm, type SearchComboboxProps } from './SearchBoxForm';

type Suggestion = Pick<
  CompanyResult,
  'siren' | 'sirenFormatted' | 'name' | 'url' | 'state' | 'headOffice' | 'matched'
>;

/**
 * Pause after a key before asking: a person typing at 20 keys a second sends one request when
 * they pause, not one per key (the suggestions route's limit per address, src/api-access/gate.ts,
 * is sized for this). An earlier request still in flight is aborted (latestSuggestion).
 */
const DEBOUNCE_MS = 150;

/** Answers already received in this page (backspace, retyping): shown without a request. */
const answered = new Map<string, Suggestion[]>();
const ANSWERED_MAX = 60;

function remember(q: string, items: Suggestion[]): void {
  answered.delete(q);
  answered.set(q, items);
  if (answered.size > ANSWERED_MAX) answered.delete(answered.keys().next().value!);
}

/**
 * A search box. With `suggest`, an ARIA 1.2 combobox: suggestions appear after 2 characters
 * (debounced), arrows move, Enter opens the highlighted company or searches, Escape closes.
 * Without JavaScript it is a plain GET form.
 */
export function SearchCombobox(props: SearchComboboxProps) {
  const {
    action,
    defaultValue = '',
    paramName = 'q',
    suggest = false,
    hidden = [],
    required = true,
    inputId: givenInputId,
    focusOnMount = false,
    typed: typedBefore = false,
  } = props;
  const router = useRouter();
  const id = useId();
  const inputId = givenInputId ?? `${id}-input`;
  const listId = `${id}-list`;
  const [value, setValue] = useState(defaultValue);
  const [allItems, setItems] = useState<Suggestion[]>([]);
  /** The query the suggestions answer: older ones are not shown. */
  const [itemsQuery, setItemsQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [fetchState, setState] = useState<'idle' | 'loading' | 'done' | 'error'>('idle');
  const wrap = useRef<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);

  /** The query typed last: only its answer is shown. */
  const latest = useRef('');
  /** False until the person types: the query a page opens with (results) asks for nothing. */
  const typed = useRef(typedBefore);
  const asker = useRef<((q: string) => Promise<void>) | null>(null);
  /** Built on first use (in an effect): one live request at a time, see latestSuggestion. */
  const ask = (q: string) =>
    (asker.current ??= latestSuggestion<{ ok: boolean; results: Suggestion[] }>(
      async (q, signal) => {
        // The site's own suggestions route, not the public API (its quota is per address).
        const res = await fetch(`/api/suggestions/companies?q=${encodeURIComponent(q)}`, {
          headers: { 'hide-financial-data': 'true', Accept: 'application/json' },
          signal,
        });
        const body = (await res.json()) as { data?: { data?: { results?: Suggestion[] } } };
        return { ok: res.ok, results: body.data?.data?.results ?? [] };
      },
      (q, answer) => {
        if (!(answer instanceof Error) && answer.ok) remember(q, answer.results);
        if (q !== latest.current) return;
        if (answer instanceof Error) return setState('error');
        setItems(answer.results);
        setItemsQuery(q);
        setActive(-1);
        setState(answer.ok ? 'done' : 'error');
      },
    ))(q);

  useEffect(() => {
    if (!suggest) return;
    const q = value.trim();
    latest.current = q;
    // Not typed yet, too short, or already answered (shown from memory during render, below):
    // no request.
    if (!typed.current || q.length < MIN_CHARS || answered.has(q)) return;
    const timer = setTimeout(() => {
      if (q === latest.current) setState('loading');
      void ask(q);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, suggest]);

  // In the commit that replaced the lazy box: no key can land between the two inputs.
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (!focusOnMount || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    function onDocClick(e: MouseEvent) {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onDocClick);
    return () => document.removeEventListener('mousedown', onDocClick);
  }, []);

  const q = value.trim();
  const remembered = suggest && itemsQuery !== q ? answered.get(q) : undefined;
  const items = itemsQuery === q ? allItems : (remembered ?? []);
  const state = remembered ? 'done' : fetchState;
  const showList = suggest && open && q.length >= MIN_CHARS && state !== 'idle';
  // The last option searches everything.
  const optionCount = items.length + (q.length >= MIN_CHARS ? 1 : 0);

  function resultsHref(): string {
    const params = new URLSearchParams(hidden);
    if (q) params.set(paramName, q);
    else params.delete(paramName);
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
    if (required && q.length < MIN_CHARS) {
      e.preventDefault();
      return;
    }
    e.preventDefault();
    setOpen(false);
    router.push(resultsHref());
  }

  const optionId = (i: number) => `${id}-opt-${i}`;
  const statusText =
    state === 'error'
      ? m.unavailable
      : state === 'done' && (itemsQuery === q || remembered) && items.length === 0
        ? interpolate(m.none, { query: q })
        : (state === 'loading' || (itemsQuery !== q && !remembered)) && items.length === 0
          ? m.loading
          : null;

  return (
    <SearchBoxForm
      box={props}
      inputId={inputId}
      listId={listId}
      formProps={{ onSubmit }}
      fieldRef={wrap}
      inputRef={inputRef}
      inputProps={{
        value,
        onChange: (e) => {
          typed.current = true;
          setValue(e.target.value);
          setActive(-1);
          setOpen(true);
        },
        onFocus: () => setOpen(true),
        onKeyDown,
      }}
      expanded={showList}
      activeDescendant={showList && active >= 0 ? optionId(active) : undefined}
    >
      {suggest && (
        <div className={s.listbox} hidden={!showList}>
          {statusText && <p className={s.status}>{statusText}</p>}
          {/* Only options inside the listbox (ARIA 1.2): the status line above is outside it. */}
          <ul id={listId} role="listbox" aria-label={m.suggestions} className={s.options}>
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
        </div>
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
    </SearchBoxForm>
  );
}
