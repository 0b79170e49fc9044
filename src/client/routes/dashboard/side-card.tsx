import type { ReactNode } from 'react';

/** A panel of the dashboard's side column: a region (or, for links, a navigation) named by its small heading. */
export function SideCard({ as: Tag = 'section', id, title, children }: { as?: 'section' | 'nav'; id: string; title: string; children: ReactNode }) {
  return (
    <Tag aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {title}
      </h2>
      {children}
    </Tag>
  );
}
