import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label / value pairs: side by side from small screens up, stacked on a phone. */
export function DetailList({ details }: { details: Detail[] }) {
  return (
    <dl className="text-sm">
      {details.map(({ label, value }) => (
        <div key={label} className="grid gap-1 border-b border-line py-2.5 first:pt-0 last:border-b-0 last:pb-0 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
          <dt className="text-muted">{label}</dt>
          <dd className="font-medium break-words text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
