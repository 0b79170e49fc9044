import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: LucideIcon;
  /** a short heading, when the state deserves one (e.g. 'No orders yet') */
  title?: string;
  /** the heading's level in the page's outline */
  headingLevel?: 2 | 3;
  /** what is (not) there, or why */
  message: string;
  /** the way on, e.g. a link to create the first one */
  action?: ReactNode;
  /** e.g. a dashed frame where the surrounding box has none */
  className?: string;
}

/** A list with nothing in it: an icon, what that means and, where there is one, the way on. */
export function EmptyState({ icon: Icon, title, headingLevel = 2, message, action, className = '' }: EmptyStateProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div className={`flex flex-col items-center px-6 py-12 text-center ${className}`}>
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-gold-300">
        <Icon className="size-7" aria-hidden />
      </span>
      {title && <Heading className="mt-4 text-lg font-bold">{title}</Heading>}
      <p className={`max-w-sm text-muted ${title ? 'mt-1 text-sm' : 'mt-4'}`}>{message}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
