import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { Spinner } from './page-spinner';
import { inputClasses } from './field';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** a search is on its way */
  busy: boolean;
  /** the box's accessible name (visually hidden), its placeholder and the clear button's name */
  label: string;
  placeholder: string;
  clearLabel: string;
}

/** A list's search box (the administrators' orders, users and tickets): a clear button, and a spinner while the server searches. */
export function SearchBox({ value, onChange, busy, label, placeholder, clearLabel }: SearchBoxProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div role="search" className="relative w-full sm:max-w-md">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
      <input
        ref={input}
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        className={`${inputClasses} pl-9 [&::-webkit-search-cancel-button]:hidden ${value ? 'pr-16' : 'pr-10'}`}
      />
      <span className="absolute inset-y-0 right-1.5 flex items-center gap-1">
        {/* the spinner's place is kept: the clear button does not move when a search starts */}
        <span className="inline-flex size-4">{busy && <Spinner className="size-4 text-muted" />}</span>
        {value && (
          <button
            type="button"
            className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-fg"
            aria-label={clearLabel}
            onClick={() => {
              onChange('');
              input.current?.focus();
            }}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </span>
    </div>
  );
}
