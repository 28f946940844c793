import type { FormHTMLAttributes, InputHTMLAttributes, ReactNode, Ref } from 'react';
import m from '@/i18n/fr/combobox';
import s from './search.module.css';

/** Characters before a search is sent or suggestions asked for. */
export const MIN_CHARS = 2;

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
  /** False where the box is optional (the advanced search: filters alone are a search). */
  required?: boolean;
  /** The input's id, when a label outside the component names it (the home page's). */
  inputId?: string;
  /** The label is outside the component (`<label htmlFor={inputId}>`): no hidden label here. */
  externalLabel?: boolean;
  describedBy?: string;
  /** Class names of a page's own look (the home page's hero box). */
  classes?: { form?: string; field?: string; input?: string; button?: string };
  /** Shown before the input, inside the field (the home page's magnifier). */
  icon?: React.ReactNode;
  /**
   * Set by LazySearchCombobox when it hands over: the focus was in its box (keep it, caret at
   * the end), and what it holds was typed (ask for its suggestions).
   */
  focusOnMount?: boolean;
  typed?: boolean;
};

type SearchBoxFormProps = {
  box: SearchComboboxProps;
  inputId: string;
  listId: string;
  /** The form's handlers (submit, or the lazy box's pointer and touch). */
  formProps?: Pick<
    FormHTMLAttributes<HTMLFormElement>,
    'onSubmit' | 'onPointerEnter' | 'onTouchStart'
  >;
  fieldRef?: Ref<HTMLDivElement>;
  inputRef?: Ref<HTMLInputElement>;
  /** The input's value (or default value) and handlers. */
  inputProps: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'defaultValue' | 'onChange' | 'onFocus' | 'onInput' | 'onKeyDown'
  >;
  /** With `suggest`: whether the listbox shows, and the highlighted option's id. */
  expanded: boolean;
  activeDescendant?: string;
  /** The listbox and live region, inside the field after the input. */
  children?: ReactNode;
};

/**
 * The search box's markup, one for the lazy box (LazySearchCombobox, before its code arrives)
 * and the live combobox (SearchCombobox), so that the swap changes neither the page's look nor
 * what assistive technologies and tests find: a GET search form named after its field, the
 * hidden filters, the label (unless outside), the input, and the submit button.
 */
export function SearchBoxForm({
  box,
  inputId,
  listId,
  formProps,
  fieldRef,
  inputRef,
  inputProps,
  expanded,
  activeDescendant,
  children,
}: SearchBoxFormProps) {
  const {
    action,
    label,
    placeholder,
    paramName = 'q',
    suggest = false,
    compact = false,
    buttonLabel = m.submit,
    hidden = [],
    required = true,
    externalLabel = false,
    describedBy,
    classes = {},
    icon,
  } = box;
  return (
    <form
      action={action}
      method="get"
      role="search"
      // Named after its field: the header's box and a page's own box are two search landmarks,
      // which axe's landmark-unique wants told apart.
      aria-label={label}
      className={classes.form ?? `${s.searchForm} ${compact ? s.compact : ''}`}
      {...formProps}
    >
      {hidden.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className={`${s.comboWrap} ${classes.field ?? ''}`} ref={fieldRef}>
        {!externalLabel && (
          <label htmlFor={inputId} className="visually-hidden">
            {label}
          </label>
        )}
        {icon}
        <input
          ref={inputRef}
          id={inputId}
          className={classes.input ?? s.input}
          name={paramName}
          type="search"
          autoComplete="off"
          spellCheck={false}
          minLength={required ? MIN_CHARS : undefined}
          maxLength={200}
          required={required}
          aria-describedby={describedBy}
          placeholder={placeholder}
          {...inputProps}
          {...(suggest
            ? {
                role: 'combobox',
                'aria-expanded': expanded,
                'aria-controls': listId,
                'aria-autocomplete': 'list' as const,
                'aria-activedescendant': activeDescendant,
              }
            : {})}
        />
        {children}
      </div>
      <button type="submit" className={classes.button ?? s.button}>
        {buttonLabel}
      </button>
    </form>
  );
}
