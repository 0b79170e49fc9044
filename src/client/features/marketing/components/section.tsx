import type { ReactNode } from 'react';

export { BandHeading, cardClasses, CheckList, CtaPanel, FeatureCard, onDarkButton, Section, Steps, TestimonialCard } from '@client/components/content-section';
export { asList, asRecords, asSteps } from '@client/lib/translated-lists';

const badgeTones = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  gold: 'bg-gold-300/40 text-gold-700 dark:bg-gold-400/15 dark:text-gold-300',
};

export function Badge({ tone, children }: { tone: keyof typeof badgeTones; children: ReactNode }) {
  return <span className={`rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${badgeTones[tone]}`}>{children}</span>;
}
