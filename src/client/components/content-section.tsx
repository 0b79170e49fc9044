import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The building blocks of the content pages (marketing, partner pages): one width, one vertical
 * rhythm and one heading scale (eyebrow, h2, lead).
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

/** A secondary button on the dark heroes (the shared button variants are for light surfaces). */
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
