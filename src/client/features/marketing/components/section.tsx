import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cardClasses } from '@client/components/content-section';

export { BandHeading, cardClasses, CheckList, CtaPanel, onDarkButton, Section, Steps, TestimonialCard } from '@client/components/content-section';
export { asList, asRecords, asSteps } from '@client/lib/translated-lists';

/** A small round badge with an icon, used in feature grids. */
export function IconBadge({ children }: { children: ReactNode }) {
  return <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-gold-300">{children}</span>;
}

const badgeTones = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  gold: 'bg-gold-300/40 text-gold-700 dark:bg-gold-400/15 dark:text-gold-300',
};

export function Badge({ tone, children }: { tone: keyof typeof badgeTones; children: ReactNode }) {
  return <span className={`rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${badgeTones[tone]}`}>{children}</span>;
}

/** One card of a feature grid: optional icon and badge, title, text. */
export function FeatureCard({ icon: Icon, title, text, badge }: { icon?: LucideIcon; title: string; text: string; badge?: ReactNode }) {
  return (
    <li className={cardClasses}>
      <div className="flex items-start justify-between gap-3 empty:hidden">
        {Icon && (
          <IconBadge>
            <Icon className="size-5" aria-hidden />
          </IconBadge>
        )}
        {badge}
      </div>
      <h3 className={`${Icon ? 'mt-4' : badge ? 'mt-3' : ''} text-lg font-semibold`}>{title}</h3>
      <p className="mt-2 text-muted">{text}</p>
    </li>
  );
}
