import { type ReactNode, type RefObject, useId } from 'react';
import { inputClasses } from './field';

interface CountedTextAreaProps {
  label: string;
  value: string;
  onChange(text: string): void;
  /** under the box: the characters used of the limit, and any hint */
  count: ReactNode;
  /** said under the count as an alert, and the box marked invalid */
  error: string | null;
  fieldRef?: RefObject<HTMLTextAreaElement | null>;
  maxLength?: number;
}

/** A labelled text box for a message or a note, with its character count and error described to screen readers. */
export function CountedTextArea({ label, value, onChange, count, error, fieldRef, maxLength }: CountedTextAreaProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        ref={fieldRef}
        id={id}
        rows={3}
        value={value}
        maxLength={maxLength}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} min-h-20 resize-y`}
      />
      <p id={`${id}-count`} className="text-xs text-muted">
        {count}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}
