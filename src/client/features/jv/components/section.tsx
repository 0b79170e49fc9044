import { Check, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The building blocks of the partner pages (/jv-sales, /jv-partner, /jv-presale): one width,
 * one vertical rhythm and one heading scale, in step with the marketing pages.
 */
export function Section({ id, title, eyebrow, lead, muted = false, children }: { id: string; title: string; eyebrow?: string; lead?: string; muted?: boolean; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={muted ? 'bg-surface-muted' : undefined}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="max-w-2xl">
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-gold-300">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
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
export const linkClasses = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-gold-300';
/** A secondary button on the dark heroes (the shared button variants are for light surfaces). */
export const onDarkButton = 'inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-white/40 px-6 text-base font-semibold text-white transition-colors hover:bg-white/10';

/** A translated array of strings (`t(key, { returnObjects: true })`); anything else is dropped. */
export function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A translated array of objects whose listed fields are all strings; malformed entries are dropped. */
export function asItems<K extends string>(value: unknown, fields: readonly K[]): Record<K, string>[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Record<K, string> => typeof item === 'object' && item !== null && fields.every((field) => typeof (item as Record<string, unknown>)[field] === 'string'),
  );
}

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

/** Five stars with the rating spelled out for screen readers. */
export function Stars({ rating, className = 'size-5' }: { rating: string; className?: string }) {
  const { t } = useTranslation('jv');
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={t('rating', { rating })}>
      {Array.from({ length: 5 }, (_, star) => (
        <Star key={star} className={`fill-gold-400 text-gold-500 ${className}`} aria-hidden />
      ))}
    </span>
  );
}
