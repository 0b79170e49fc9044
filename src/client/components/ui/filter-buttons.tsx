import type { ReactNode } from 'react';

interface FilterButtonsProps<T extends string> {
  /** the group's accessible name, e.g. 'Status' */
  label: string;
  options: readonly T[];
  /** the option shown now: its button is pressed */
  value: T;
  onChange: (value: T) => void;
  /** an option's words (and, say, its count) */
  children: (option: T) => ReactNode;
  /** e.g. w-fit, or the group's place in a row */
  className?: string;
  testId?: string;
}

/**
 * A list's filter as a row of toggle buttons, one of them pressed (aria-pressed): the
 * administrators' orders by status, users by role, tickets by status and origin. Wraps on phones.
 */
export function FilterButtons<T extends string>({ label, options, value, onChange, children, className = '', testId }: FilterButtonsProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={`flex flex-wrap gap-1 rounded-xl border border-line bg-surface-muted p-1 ${className}`}
      data-testid={testId}
    >
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={`inline-flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors ${value === option ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg'}`}
        >
          {children(option)}
        </button>
      ))}
    </div>
  );
}
