import { Check, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The building blocks of the marketing pages, so every section shares one rhythm: the same width,
 * vertical spacing and heading scale (eyebrow, h2, lead).
 */
export function Section({ id, title, eyebrow, lead, muted = false, children }: { id: string; title: string; eyebrow?: string; lead?: string; muted?: boolean; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={muted ? 'bg-surface-muted' : undefined}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="max-w-2xl">
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-gold-300">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            {title}
          </h2>
          {lead && <p className="mt-4 text-lg text-muted">{lead}</p>}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export const cardClasses = 'rounded-2xl border border-line bg-surface p-6 shadow-sm';

/** A secondary button for the dark heroes (the shared button variants are for light surfaces). */
export const onDarkButton = 'inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-white/40 px-6 text-base font-semibold text-white transition-colors hover:bg-white/10';

export function CheckList({ items, className = '', iconClassName = 'text-brand-600 dark:text-gold-300' }: { items: string[]; className?: string; iconClassName?: string }) {
  return (
    <ul className={`grid gap-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Check className={`mt-0.5 size-5 shrink-0 ${iconClassName}`} aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A translated array (`t(key, { returnObjects: true })`) as strings; anything else as none. */
export function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A translated array of objects, keeping the entries that have every key as a string. */
export function asRecords<K extends string>(value: unknown, keys: readonly K[]): Record<K, string>[] {
  return Array.isArray(value) ? value.filter((item): item is Record<K, string> => keys.every((key) => typeof item?.[key] === 'string')) : [];
}

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
