import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

interface PanelProps {
  title: string;
  icon: LucideIcon;
  /** a line under the title */
  lead?: string;
  /** e.g. a count or an action, at the title's right */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled card of the order page; a labelled region, so screen readers can jump between them. */
export function Panel({ title, icon: Icon, lead, aside, children }: PanelProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="flex items-center gap-2 text-sm font-semibold tracking-wide text-fg uppercase">
            <Icon className="size-4 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />
            {title}
          </h2>
          {lead && <p className="mt-1 text-sm text-muted">{lead}</p>}
        </div>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
