import { useId, type ReactNode } from 'react';

export interface SummaryRow {
  label: string;
  value: ReactNode;
  /** spans both columns */
  wide?: boolean;
}

/** One block of the read-only order summary: a title and label/value pairs. */
export function SummarySection({ title, rows }: { title: string; rows: readonly SummaryRow[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-muted uppercase">
        {title}
      </h2>
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
