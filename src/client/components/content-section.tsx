import { Check, type LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { IconChip } from './ui/icon-chip';

/**
 * The building blocks of the content pages (marketing, partner pages): one width, one vertical
 * rhythm and one heading scale (eyebrow, h2, lead).
 */
export function Section({
  id,
  title,
  eyebrow,
  lead,
  muted = false,
  children,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  lead?: string;
  muted?: boolean;
  children: ReactNode;
}) {
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
export const onDarkButton =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-white/40 px-6 text-base font-semibold text-white transition-colors hover:bg-white/10';

export function CheckList({
  items,
  className = '',
  iconClassName = 'text-brand-600 dark:text-gold-300',
}: {
  items: string[];
  className?: string;
  iconClassName?: string;
}) {
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

/**
 * One card of a feature grid (the home's services, /v2's guarantees, the partner page's benefits,
 * the pre-launch incentives): an optional icon chip and badge, a title and a text, as a list item.
 */
export function FeatureCard({
  icon,
  tone,
  title,
  text,
  badge,
}: {
  icon?: LucideIcon;
  tone?: ComponentProps<typeof IconChip>['tone'];
  title: string;
  text: string;
  badge?: ReactNode;
}) {
  return (
    <li className={cardClasses}>
      <div className="flex items-start justify-between gap-3 empty:hidden">
        {icon && <IconChip icon={icon} tone={tone} />}
        {badge}
      </div>
      <h3 className={`${icon ? 'mt-4' : badge ? 'mt-3' : ''} text-lg font-semibold`}>{title}</h3>
      <p className="mt-2 text-muted">{text}</p>
    </li>
  );
}

/** A numbered list of { title, text } steps (the home's and /v2's process, the partner and pre-launch guides); `columns` sets the grid. */
export function Steps({ steps, columns = 'md:grid-cols-3' }: { steps: { title: string; text: string }[]; columns?: string }) {
  return (
    <ol className={`grid gap-6 ${columns}`}>
      {steps.map((step, index) => (
        <li key={step.title} className={cardClasses}>
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-gold-400 text-lg font-bold text-brand-900" aria-hidden>
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
          <p className="mt-2 text-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * One static testimonial (docs/product.md, "Entities": name, role, quote) as a list item: the rating and the portrait
 * differ by page; `large` sets the home's bigger quote and wider caption.
 */
export function TestimonialCard({
  quote,
  name,
  role,
  rating,
  portrait,
  large = false,
}: {
  quote: string;
  name: string;
  role: string;
  rating: ReactNode;
  portrait: ReactNode;
  large?: boolean;
}) {
  return (
    <li>
      <figure className={`${cardClasses} flex h-full flex-col`}>
        {rating}
        <blockquote className={large ? 'mt-4 flex-1 text-lg' : 'mt-4 flex-1'}>“{quote}”</blockquote>
        <figcaption className={`mt-6 flex items-center ${large ? 'gap-4' : 'gap-3'}`}>
          {portrait}
          <span>
            <span className="block font-semibold">{name}</span>
            <span className="block text-sm text-muted">{role}</span>
          </span>
        </figcaption>
      </figure>
    </li>
  );
}

const ctaPanelClasses = 'rounded-3xl bg-brand-800 p-8 text-white sm:p-12 dark:bg-brand-900 dark:ring-1 dark:ring-brand-700';

/**
 * The closing call to action of the content pages: a dark rounded panel within the page width.
 * The caller gives the heading (with `titleId`) and the panel's own layout (`layout`).
 */
export function CtaPanel({ titleId, layout, children }: { titleId: string; layout?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className={layout ? `${layout} ${ctaPanelClasses}` : ctaPanelClasses}>{children}</div>
    </section>
  );
}

const heroTitle = 'text-4xl font-extrabold text-balance sm:text-5xl lg:text-6xl';

/**
 * The gold eyebrow and the title of a brand-blue band: a page's hero (h1) or a promotion inside
 * a page (h2, smaller). `titleId` names the band (its aria-labelledby).
 */
export function BandHeading({
  titleId,
  eyebrow,
  title,
  level = 1,
  size = heroTitle,
}: {
  titleId: string;
  eyebrow: string;
  title: string;
  level?: 1 | 2;
  size?: string;
}) {
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-gold-300">{eyebrow}</p>
      <Title id={titleId} className={`mt-3 tracking-tight ${size}`}>
        {title}
      </Title>
    </>
  );
}
