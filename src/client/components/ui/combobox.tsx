import { Check, ChevronDown } from 'lucide-react';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { foldText } from '@shared/fold-text';
import { Field, inputClasses } from './field';

export interface ComboboxOption {
  value: string;
  label: string;
}

export interface ComboboxFieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  options: readonly ComboboxOption[];
  /** the chosen option's value; '' for none */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  /** shown (and announced) while the typed text matches no option, e.g. "No country matches" */
  emptyText: string;
  ref?: Ref<HTMLInputElement>;
}

/** Rows PageUp/PageDown move by. */
const pageSize = 10;
/** The list's tallest (16rem) and the least it shrinks to near a viewport edge (three rows or so). */
const maxListHeight = 256;
const minListHeight = 120;
/** Room kept between the list and the viewport's edge. */
const edgeGap = 8;

interface Indexed extends ComboboxOption {
  /** position in `options`: the option's id stays the same while the filter changes */
  index: number;
  folded: string;
  code: string;
}

const normalizeQuery = (text: string) => foldText(text).trim().replace(/\s+/g, ' ');

/** 0: the text starts a word of the label (or is the value, a country code); 1: elsewhere in the label; -1: no match. */
function rankOf(option: Indexed, query: string): number {
  if (option.code === query) return 0;
  let at = option.folded.indexOf(query);
  if (at < 0) return -1;
  for (; at >= 0; at = option.folded.indexOf(query, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(option.folded[at - 1]!)) return 0;
  }
  return 1;
}

/** The options matching the typed text, word-start matches first, each group in the given order. */
function filterOptions(options: readonly Indexed[], text: string | null): readonly Indexed[] {
  const query = text === null ? '' : normalizeQuery(text);
  if (!query) return options;
  const ranked = options.map((option) => ({ option, rank: rankOf(option, query) })).filter(({ rank }) => rank >= 0);
  // Array.prototype.sort is stable: equal ranks keep the options' order
  return ranked.sort((a, b) => a.rank - b.rank).map(({ option }) => option);
}

/** Scrolls the list (not the page, as scrollIntoView could) so the option shows. */
function keepInView(list: HTMLElement, option: HTMLElement | null) {
  if (!option) return;
  if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
  else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
}

interface Placement {
  above: boolean;
  maxHeight: number;
}

/**
 * Below the input if it fits (or fits better than above), never under the sticky header (the
 * page's scroll-padding-top) nor past the visual viewport, which shrinks under a phone's keyboard.
 */
function placementFor(input: HTMLElement, list: HTMLElement): Placement {
  const rect = input.getBoundingClientRect();
  const viewport = window.visualViewport;
  const top = (viewport?.offsetTop ?? 0) + (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0);
  const bottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
  const below = bottom - rect.bottom - edgeGap;
  const above = rect.top - top - edgeGap;
  const wanted = Math.min(maxListHeight, list.scrollHeight || maxListHeight);
  const useAbove = below < wanted && above > below;
  const room = useAbove ? above : below;
  return { above: useAbove, maxHeight: Math.max(minListHeight, Math.min(maxListHeight, room)) };
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A text input that filters a list as the user types: the WAI-ARIA APG editable combobox with
 * list autocomplete (manual selection). The value changes only when an option is chosen (click,
 * Enter, Tab after moving to one) or when the whole text is an option's label, which is how a
 * browser's autofill arrives. Leaving with text that names no option puts the chosen label back.
 */
export function ComboboxField({
  label,
  error,
  hint,
  required,
  options,
  value,
  onChange,
  onBlur,
  name,
  placeholder,
  autoComplete,
  disabled,
  emptyText,
  ref,
}: ComboboxFieldProps) {
  const { t } = useTranslation('common');
  const listId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  /** what the user typed since the last choice; null: the input shows the chosen option's label */
  const [draft, setDraftState] = useState<string | null>(null);
  // read by the blur that follows a Tab choice, before React has re-rendered
  const draftRef = useRef<string | null>(null);
  const setDraft = (next: string | null) => {
    draftRef.current = next;
    setDraftState(next);
  };
  const [open, setOpen] = useState(false);
  /** the option with visual focus (index into `matches`); -1: the focus is on the text */
  const [active, setActive] = useState(-1);
  const [placement, setPlacement] = useState<Placement>({ above: false, maxHeight: maxListHeight });

  const indexed = useMemo(
    () => options.map((option, index) => ({ ...option, index, folded: foldText(option.label), code: foldText(option.value) })),
    [options],
  );
  const matches = useMemo(() => filterOptions(indexed, draft), [indexed, draft]);
  const chosen = indexed.find((option) => option.value === value);
  // a stored value that is no option (data from before the list) shows as it is
  const text = draft ?? chosen?.label ?? value;
  const optionId = (option: Indexed) => `${listId}-${option.index}`;
  const activeOption = open ? matches[active] : undefined;

  const exactMatch = (typed: string) => {
    const query = normalizeQuery(typed);
    return query ? indexed.find((option) => option.folded === query) : undefined;
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: ComboboxOption) => {
    if (option.value !== value) onChange(option.value);
    setDraft(null);
    close();
  };

  /** Opens the list with the visual focus on the chosen option (or an end of the list). */
  const openAt = (fallback: 'first' | 'last' | 'none') => {
    const current = matches.findIndex((option) => option.value === value);
    setOpen(true);
    if (current >= 0 && fallback !== 'none') setActive(current);
    else setActive(fallback === 'first' ? 0 : fallback === 'last' ? matches.length - 1 : -1);
  };

  const move = (to: number) => {
    if (matches.length === 0) return;
    setActive(Math.max(0, Math.min(matches.length - 1, to)));
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const exact = exactMatch(typed);
    if (exact && exact.value !== value) onChange(exact.value);
    // autofill can fill this field while another has the focus: no list opens there
    if (document.activeElement !== event.target) {
      setDraft(null);
      return;
    }
    setDraft(typed);
    setOpen(true);
    setActive(-1);
  };

  const handleBlur = () => {
    close();
    const typed = draftRef.current;
    if (typed !== null) {
      if (!typed.trim()) {
        if (value) onChange('');
      } else {
        const exact = exactMatch(typed);
        if (exact && exact.value !== value) onChange(exact.value);
      }
      setDraft(null);
    }
    onBlur?.();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'ArrowDown':
        handled();
        if (event.altKey) openAt('none');
        else if (!open) openAt('first');
        else move(active + 1 >= matches.length ? 0 : active + 1);
        return;
      case 'ArrowUp':
        handled();
        if (event.altKey) close();
        else if (!open) openAt('last');
        else move(active <= 0 ? matches.length - 1 : active - 1);
        return;
      case 'Home':
      case 'End':
      case 'PageUp':
      case 'PageDown':
        // with the visual focus on the text, these move the caret
        if (!activeOption) return;
        handled();
        move({ Home: 0, End: matches.length - 1, PageUp: active - pageSize, PageDown: active + pageSize }[event.key]);
        return;
      case 'ArrowLeft':
      case 'ArrowRight':
        setActive(-1);
        return;
      case 'Enter': {
        // a closed list leaves Enter to the form
        if (!open) return;
        handled();
        const option = activeOption ?? (matches.length === 1 ? matches[0] : draft !== null ? exactMatch(draft) : undefined);
        if (option) choose(option);
        else close();
        return;
      }
      case 'Escape':
        if (open) {
          handled();
          close();
        } else {
          // the chosen label comes back; with nothing chosen, the text goes
          const reverted = value ? null : '';
          if (draft === null || draft === reverted) return;
          handled();
          setDraft(reverted);
        }
        return;
      case 'Tab':
        if (activeOption) choose(activeOption);
        return;
    }
  };

  const toggle = () => {
    inputRef.current?.focus();
    if (open) close();
    else openAt('none');
  };

  // the active option in the list's view; else the chosen one in the whole list, or a new filter's top
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!open || !list) return;
    const shown = matches[active] ?? (draft === null ? matches.find((option) => option.value === value) : undefined);
    if (shown) keepInView(list, document.getElementById(`${listId}-${shown.index}`));
    else list.scrollTop = 0;
  }, [open, active, matches, draft, value, listId]);

  const place = useCallback(() => {
    if (inputRef.current && listRef.current) setPlacement(placementFor(inputRef.current, listRef.current));
  }, []);
  /**
   * The placement shown while a pointer is down on the list: a scroll then (the browser's, or a
   * test driver's bringing the option into view) must not move the list, or the release lands
   * on another element and the click that chooses the option never happens.
   */
  const [pressedPlacement, setPressedPlacement] = useState<Placement | null>(null);
  const press = () => {
    setPressedPlacement(placement);
    window.addEventListener(
      'mouseup',
      () => {
        setPressedPlacement(null);
        place();
      },
      { once: true },
    );
  };

  // re-placed as the page scrolls or the viewport changes (a phone's keyboard coming up)
  useLayoutEffect(() => {
    if (!open) return;
    place();
    const options = { capture: true, passive: true } as const;
    window.addEventListener('scroll', place, options);
    window.addEventListener('resize', place);
    window.visualViewport?.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, options);
      window.removeEventListener('resize', place);
      window.visualViewport?.removeEventListener('resize', place);
    };
  }, [open, place, matches.length]);

  const showList = open && matches.length > 0;
  const listPlacement = pressedPlacement ?? placement;
  const popupPosition = listPlacement.above ? 'bottom-full mb-1' : 'top-full mt-1';

  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input
            ref={(element) => {
              inputRef.current = element;
              setRef(ref, element);
            }}
            id={id}
            name={name}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required={required}
            // the browser's own suggestions would cover the list
            autoComplete={autoComplete ?? 'off'}
            // country names are not words to correct or capitalize
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={placeholder}
            disabled={disabled}
            value={text}
            onChange={handleChange}
            onKeyDown={handleKeyDown}
            onBlur={handleBlur}
            onClick={() => {
              if (!open) openAt('none');
            }}
            className={`${inputClasses} pr-10`}
          />
          <button
            type="button"
            tabIndex={-1}
            disabled={disabled}
            aria-label={t('combobox.options', { label })}
            aria-controls={listId}
            aria-expanded={showList}
            // the input keeps the focus: its blur would close the list this opens
            onMouseDown={(event) => event.preventDefault()}
            onClick={toggle}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-muted hover:text-fg disabled:opacity-60"
          >
            <ChevronDown className={`size-4 transition-transform motion-reduce:transition-none ${showList ? 'rotate-180' : ''}`} aria-hidden />
          </button>
          {/* above the fields that follow it; the sticky header (z-40) stays on top, and placementFor keeps the list clear of it */}
          <div
            className={`absolute inset-x-0 z-30 ${popupPosition}`}
            onMouseDown={(event) => {
              event.preventDefault();
              press();
            }}
          >
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label={t('combobox.options', { label })}
              hidden={!showList}
              style={{ maxHeight: listPlacement.maxHeight }}
              className="overflow-y-auto overscroll-contain rounded-lg border border-control bg-surface py-1 shadow-lg"
            >
              {matches.map((option, index) => {
                const isActive = index === active;
                const isChosen = option.value === value;
                return (
                  <li
                    key={option.value}
                    id={optionId(option)}
                    role="option"
                    aria-selected={isActive}
                    onClick={() => choose(option)}
                    className={`flex cursor-pointer items-start gap-2 px-3 py-2 text-base break-words text-fg sm:text-sm ${
                      isActive ? 'bg-brand-50 outline-2 -outline-offset-2 outline-focus dark:bg-brand-800' : 'hover:bg-surface-muted'
                    } ${isChosen ? 'font-semibold' : ''}`}
                  >
                    <span className="min-w-0 flex-1">{option.label}</span>
                    {isChosen && <Check className="mt-1 size-4 shrink-0 text-brand-600 sm:mt-0.5 dark:text-gold-300" aria-hidden />}
                  </li>
                );
              })}
            </ul>
            {/* a live region that stays in the page, so the message is announced when it appears */}
            <p role="status" className="rounded-lg border border-control bg-surface px-3 py-2 text-base text-muted shadow-lg empty:hidden sm:text-sm">
              {open && matches.length === 0 ? emptyText : ''}
            </p>
          </div>
        </div>
      )}
    </Field>
  );
}
