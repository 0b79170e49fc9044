import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

interface PanelProps {
  /** a titled panel is a named region, so screen readers can jump between them */
  title?: string;
  icon?: LucideIcon;
  /** a line under the title */
  lead?: string;
  /** e.g. a count or a badge, at the title's right */
  aside?: ReactNode;
  /** the back office's denser card: less padding, a small uppercase title */
  compact?: boolean;
  className?: string;
  children: ReactNode;
}

/** The card a block of a page sits in. */
export function Panel({ title, icon: Icon, lead, aside, compact = false, className = '', children }: PanelProps) {
  const id = useId();
  const titled = Boolean(title);
  return (
    <section
      aria-labelledby={titled ? id : undefined}
      className={`min-w-0 border border-line bg-surface shadow-sm ${compact ? 'rounded-xl p-4 sm:p-5' : 'rounded-2xl p-5 sm:p-6'} ${className}`}
    >
      {(titled || aside) && (
        <div className="mb-4 flex items-start justify-between gap-3">
          <div className="min-w-0">
            {titled && (
              <h2 id={id} className={`flex items-center gap-2 font-semibold text-fg ${compact ? 'text-sm tracking-wide uppercase' : 'text-base'}`}>
                {Icon && <Icon className="size-4 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />}
                {title}
              </h2>
            )}
            {lead && <p className="mt-1 text-sm text-muted">{lead}</p>}
          </div>
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
