import type { LucideIcon } from 'lucide-react';

/** The top of the checkout: eyebrow, the page's h1 and a lead line. */
export function PageIntro({ icon: Icon, eyebrow, title, lead }: { icon: LucideIcon; eyebrow: string; title: string; lead: string }) {
  return (
    <header>
      <p className="flex items-center gap-1.5 text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-gold-300">
        <Icon className="size-4" aria-hidden />
        {eyebrow}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
      <p className="mt-2 text-muted">{lead}</p>
    </header>
  );
}
