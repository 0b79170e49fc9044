import { useId, type ReactNode } from 'react';
import { Link } from '@client/lib/router';

export interface SummaryRow {
  label: string;
  value: ReactNode;
  /** spans both columns */
  wide?: boolean;
}

/** Where a section's answers are changed: the link, its visible word and the hidden rest of its name. */
export interface SummaryChange {
  to: string;
  /** "Change" */
  label: string;
  /** "company details": read by screen readers, so each Change link says which section it changes */
  what: string;
}

/** One block of the read-only order summary: a title, label/value pairs and, while the order can be fixed, a Change link. */
export function SummarySection({ title, rows, change }: { title: string; rows: readonly SummaryRow[]; change?: SummaryChange }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-sm font-semibold tracking-wide text-muted uppercase">
          {title}
        </h2>
        {change && (
          <Link to={change.to} className="shrink-0 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-600 dark:text-gold-300">
            {change.label} <span className="sr-only">{change.what}</span>
          </Link>
        )}
      </div>
      {rows.length > 0 && (
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.label} className={`min-w-0 ${row.wide ? 'sm:col-span-2' : ''}`}>
              <dt className="text-xs text-muted">{row.label}</dt>
              <dd className="mt-0.5 break-words text-fg">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
