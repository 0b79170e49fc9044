import { type ComponentProps, type ReactNode, useId } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** render the control; receives the ids to wire up */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error line, wired for screen readers. */
export function Field({ label, error, hint, required, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** Borders of 3:1 or more (WCAG 1.4.11); focus shows the site's focus ring (styles.css). */
export const inputClasses =
  'block w-full rounded-lg border border-control bg-surface px-3 py-2.5 text-base text-fg shadow-sm placeholder:text-muted focus:border-brand-500 aria-[invalid=true]:border-red-600 disabled:opacity-60 sm:text-sm';

/** React 19: `ref` is an ordinary prop, passed through to the <input>. */
type InputProps = ComponentProps<'input'> & { label: string; error?: string; hint?: ReactNode };

/** A text input inside a Field. */
export function TextField({ label, error, hint, required, className = '', ...input }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <input id={id} aria-describedby={describedBy} aria-invalid={invalid} aria-required={required} className={`${inputClasses} ${className}`} {...input} />
      )}
    </Field>
  );
}

/**
 * An action that failed, shown next to its button (the toast that announced it goes away; this
 * stays). No live region: the toast is what screen readers hear; the button points here with
 * aria-describedby.
 */
export function ActionError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p
      id={id}
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      data-testid="action-error"
    >
      {message}
    </p>
  );
}

/**
 * docs/product.md, "Messages": a form's failure as a whole, in the red banner above the form (which keeps what
 * was typed), announced at once; nothing while there is none. A failed read uses ErrorBox instead.
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </div>
  );
}
