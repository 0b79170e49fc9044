import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled block of the order details (contact, address ...). */
export function FactGroup({ title, icon: Icon, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <section className="min-w-0">
      <h4 className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
        <Icon className="size-4 text-brand-600 dark:text-gold-300" aria-hidden />
        {title}
      </h4>
      <div className="mt-2 space-y-0.5 text-sm break-words text-fg">{children}</div>
    </section>
  );
}
