import type { ReactNode } from 'react';
import { publicConfig } from '@client/lib/public-config';
import { WidgetSlot } from '../third-party/external-scripts';
import { Mountains } from './mountains';
import { BandHeading } from './section';

interface DarkHeroProps {
  eyebrow: string;
  title: string;
  lead: string;
  /** the call-to-action buttons */
  actions: ReactNode;
  /** under the actions, before the review widget */
  children?: ReactNode;
  /** the card on the right (below on phones) */
  aside: ReactNode;
  reviewsLabel: string;
}

/** The Wyoming-blue hero of the home page and /v2, with the review widget when one is configured. */
export function DarkHero({ eyebrow, title, lead, actions, children, aside, reviewsLabel }: DarkHeroProps) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-brand-800 text-white dark:bg-brand-900">
      <Mountains />
      <div className="relative mx-auto grid max-w-6xl gap-12 px-4 pt-16 pb-24 sm:pt-20 @5xl:grid-cols-[1fr_23rem] @5xl:items-center lg:pb-28">
        <div>
          <BandHeading titleId="hero-title" eyebrow={eyebrow} title={title} />
          <p className="mt-6 max-w-2xl text-lg text-brand-100">{lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div>
          {children}
          <WidgetSlot url={publicConfig.reviewWidgetUrl} label={reviewsLabel} className="mt-8" />
        </div>
        <div className="rounded-2xl bg-surface p-6 text-fg shadow-xl ring-1 ring-black/5">{aside}</div>
      </div>
    </section>
  );
}
