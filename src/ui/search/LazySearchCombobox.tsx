'use client';

import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import m from '@/i18n/fr/combobox';
import { SearchBoxForm, type SearchComboboxProps } from './SearchBoxForm';
import s from './search.module.css';

const load = () => import('./SearchCombobox');

type Live = {
  Combobox: ComponentType<SearchComboboxProps & { focusOnMount?: boolean; typed?: boolean }>;
  value: string;
  focused: boolean;
};

/**
 * A search box whose suggestions' code (SearchCombobox.tsx: the combobox, its requests, its
 * keyboard) is loaded when a visitor comes to it (pointer over it, focus, a key), not with the
 * page: the header's and the home page's boxes are on every page, and most visits never type in
 * them (issue 38, first-load JavaScript). Until then it is the same markup (a combobox, collapsed,
 * its empty listbox), and a plain GET form to `action` before and without JavaScript. The swap
 * keeps what was typed, the focus and the caret at the end.
 */
export function LazySearchCombobox(props: SearchComboboxProps) {
  const { defaultValue = '', suggest = false, inputId: givenInputId } = props;
  const id = useId();
  const inputId = givenInputId ?? `${id}-input`;
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [live, setLive] = useState<Live | null>(null);
  const asked = useRef(false);

  const upgrade = () => {
    if (asked.current) return;
    asked.current = true;
    void load().then(
      (mod) => {
        const el = input.current;
        // In one task: what was typed up to now, and where the focus is, go to the live box.
        flushSync(() =>
          setLive({
            Combobox: mod.SearchCombobox,
            value: el?.value ?? defaultValue,
            focused: !!el && document.activeElement === el,
          }),
        );
      },
      () => {
        // Not loaded (offline): the plain form still searches; try again on the next visit.
        asked.current = false;
      },
    );
  };

  // Focused or typed in before React hydrated the page: no event came, load now.
  useEffect(() => {
    const el = input.current;
    if (el && (document.activeElement === el || el.value !== defaultValue)) upgrade();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (live) {
    const { Combobox } = live;
    return (
      <Combobox
        {...props}
        inputId={inputId}
        defaultValue={live.value}
        focusOnMount={live.focused}
        typed={live.value !== defaultValue}
      />
    );
  }

  return (
    <SearchBoxForm
      box={props}
      inputId={inputId}
      listId={listId}
      formProps={{ onPointerEnter: upgrade, onTouchStart: upgrade }}
      inputRef={input}
      inputProps={{ defaultValue, onFocus: upgrade, onInput: upgrade }}
      expanded={false}
    >
      {suggest && (
        <div className={s.listbox} hidden>
          <ul id={listId} role="listbox" aria-label={m.suggestions} className={s.options} />
        </div>
      )}
    </SearchBoxForm>
  );
}
