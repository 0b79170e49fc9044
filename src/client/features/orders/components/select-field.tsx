import { ChevronDown } from 'lucide-react';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field, inputClasses } from '@client/components/ui/field';
import type { Option } from '../hooks/use-geo';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  options: readonly Option[];
  /** shown (and not choosable) while nothing is chosen */
  placeholder?: string;
};

/**
 * A native select inside a Field: the phone's own picker on mobile, type-to-find on desktop, and
 * nothing to re-implement for accessibility.
 */
export function SelectField({ label, error, hint, required, options, placeholder, className = '', ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <select
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required={required}
            className={`${inputClasses} appearance-none pr-10 ${className}`}
            {...select}
          >
            {placeholder !== undefined && (
              <option value="" disabled>
                {placeholder}
              </option>
            )}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
        </div>
      )}
    </Field>
  );
}
