import type { ReactNode } from 'react';
import { BandHeading } from '@client/components/content-section';

/** The blue band that opens the support and affiliate pages. */
export function PageIntro({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="intro-title" className="bg-brand-800 text-white dark:bg-brand-900">
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-24 sm:pt-16">
        <BandHeading titleId="intro-title" eyebrow={eyebrow} title={title} size="max-w-3xl text-4xl font-extrabold text-balance sm:text-5xl" />
        <p className="mt-5 max-w-2xl text-lg text-brand-100">{lead}</p>
        {children}
      </div>
    </section>
  );
}

export const panelClasses = 'rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8';
