'use client';

import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createOptionSearch, foldForSearch, type SearchableOption } from '@/lib/option-search';
import { cx } from './cx';
import { Spinner } from './spinner';
import { controlClassName, useFieldA11y } from './use-field-a11y';
import { FieldError, FieldHint } from './field-messages';

export type ComboboxProps = {
  label: string;
  options: readonly SearchableOption[];
  /** The chosen option's value, '' for none. */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Shows a spinner in place of the chevron, and blocks input, while the options load. */
  loading?: string;
  error?: string;
  hint?: string;
  /** A picture before an option's label, e.g. a flag; also shown in the field for the chosen one. */
  renderIcon?: (option: SearchableOption, where: 'field' | 'list') => ReactNode;
  /** Long lists show this many matches at a time; typing narrows them. */
  maxVisible?: number;
  /** Offers the typed text itself as a last option, labelled by this, when no option has that label. */
  customOptionLabel?: (typed: string) => string;
  maxLength?: number;
};

const PAGE = 10;

/**
 * A select with type-ahead (WAI-ARIA editable combobox, list autocomplete): typing filters, the arrow
 * keys move, Enter or Tab picks, Escape goes back to the chosen option. No option is active until an
 * arrow key makes one so: Enter then picks only the option typed in full, never a guess.
 */
export function Combobox(props: ComboboxProps) {
  const { label, options, value, onChange, placeholder, disabled, loading, error, hint, renderIcon, maxVisible = 100, customOptionLabel, maxLength } = props;
  const { controlId, controlProps } = useFieldA11y({ id: undefined, error, hint, describedBy: undefined, invalid: undefined });
  const listId = useId();
  const labelId = useId();
  // null while the field shows the chosen option; the typed text while searching.
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // -1: no option active (the list is open for reading, or the user is still typing).
  const [active, setActive] = useState(-1);

  const search = useMemo(() => createOptionSearch(options), [options]);
  const matches = useMemo(() => (query === null ? [...options] : search(query)), [options, query, search]);
  const typed = query?.trim() ?? '';
  const custom =
    customOptionLabel && typed && !matches.some((option) => foldForSearch(option.label) === foldForSearch(typed))
      ? { value: typed, label: customOptionLabel(typed) }
      : null;
  const visible = custom ? [...matches.slice(0, maxVisible), custom] : matches.slice(0, maxVisible);
  const shownMatches = visible.length - (custom ? 1 : 0);
  const chosen = options.find((option) => option.value === value);
  const chosenLabel = chosen?.label ?? value;
  const activeOption = open && active >= 0 ? visible[active] : undefined;
  // The option whose label is exactly what was typed (the search ranks it first), taken by Enter or Tab.
  const typedOption = typed && visible[0] && visible[0] !== custom && foldForSearch(visible[0].label) === foldForSearch(typed) ? visible[0] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (activeOption) document.getElementById(`${listId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption, active, listId]);

  /** Opens the list with the chosen option active, or none; `first` makes the first option active instead. */
  const openList = (first = false) => {
    if (open) return;
    setActive(first ? 0 : visible.findIndex((option) => option.value === value));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: SearchableOption) => {
    close();
    if (option.value !== value) onChange(option.value);
  };
  const last = visible.length - 1;
  const move = (by: number) => {
    if (!open) return openList(by > 0);
    // From no active option, down lands on the first and up on the last.
    setActive((index) => (index === -1 ? (by > 0 ? 0 : last) : Math.min(Math.max(index + by, 0), Math.max(last, 0))));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => (event.altKey ? openList() : move(1)),
      ArrowUp: () => (event.altKey ? close() : move(-1)),
      PageDown: () => move(PAGE),
      PageUp: () => move(-PAGE),
      Enter: () => {
        const picked = activeOption ?? typedOption;
        if (picked) choose(picked);
      },
      Escape: () => (open ? close() : setQuery(null)),
    };
    if (event.key === 'Tab') {
      // Typed text plus Tab keeps the option moved to, or the one typed in full.
      const picked = query === null ? undefined : (activeOption ?? typedOption);
      if (picked) choose(picked);
      return;
    }
    const handle = keys[event.key];
    // Enter in a closed field submits the form; in an open list it never does, even with nothing to pick.
    if (!handle || (event.key === 'Enter' && !open)) return;
    event.preventDefault();
    handle();
  };

  const busy = Boolean(loading);
  const icon = renderIcon && chosen && query === null ? renderIcon(chosen, 'field') : null;
  return (
    <div className="flex flex-col gap-1.5">
      <label id={labelId} htmlFor={controlId} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <div className="relative">
        <span aria-hidden={!icon} className="pointer-events-none absolute top-1/2 left-3 flex -translate-y-1/2 items-center text-neutral-400">
          {icon ?? <SearchIcon />}
        </span>
        <input
          {...controlProps}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          aria-busy={busy || undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          disabled={disabled || busy}
          placeholder={loading ?? placeholder}
          value={query ?? chosenLabel}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onClick={() => (open ? close() : openList())}
          onKeyDown={onKeyDown}
          onBlur={close}
          className={controlClassName(Boolean(error), 'h-11 pr-10 pl-11')}
        />
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-neutral-500">
          {busy ? <Spinner label={loading} className="size-4 text-brand-600" /> : <ChevronIcon />}
        </span>
        {open ? (
          // preventDefault keeps the focus in the field, so a click picks instead of blurring first.
          <div onMouseDown={(event) => event.preventDefault()} className="absolute inset-x-0 top-full z-20 mt-1.5 overflow-hidden rounded-control border border-neutral-200 bg-white shadow-lg">
            <ul id={listId} role="listbox" aria-labelledby={labelId} className="max-h-72 overflow-y-auto py-1">
              {visible.map((option, index) => (
                <li
                  key={option === custom ? `custom:${option.value}` : option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={option.value === value}
                  onClick={() => choose(option)}
                  onMouseMove={() => index !== active && setActive(index)}
                  className={cx(
                    'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-neutral-800',
                    index === active && 'bg-brand-50 text-brand-900',
                    option.value === value && 'font-medium',
                  )}
                >
                  {renderIcon?.(option, 'list')}
                  <span className="flex-1 truncate">{option.label}</span>
                  {option.value === value ? <CheckIcon /> : null}
                </li>
              ))}
            </ul>
            {visible.length === 0 ? <p className="px-3 py-2.5 text-sm text-neutral-500">No matches</p> : null}
            {matches.length > shownMatches ? (
              <p className="border-t border-neutral-100 px-3 py-2 text-xs text-neutral-500">
                Showing {shownMatches} of {matches.length.toLocaleString('en-GB')}. Type to narrow the list.
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <FieldHint id={`${controlId}-hint`}>{hint}</FieldHint>
      <FieldError id={`${controlId}-error`}>{error}</FieldError>
    </div>
  );
}

function ChevronIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path fillRule="evenodd" clipRule="evenodd" d="M5.22 7.22a.75.75 0 0 1 1.06 0L10 10.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 8.28a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4 text-brand-600">
      <path fillRule="evenodd" clipRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path fillRule="evenodd" clipRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" />
    </svg>
  );
}
