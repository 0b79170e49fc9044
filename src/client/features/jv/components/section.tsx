import { Star } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';

export { BandHeading, cardClasses, CheckList, CtaPanel, FeatureCard, onDarkButton, Section, Steps, TestimonialCard } from '@client/components/content-section';
export { asList, asRecords, asSteps } from '@client/lib/translated-lists';

export const linkClasses = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-gold-300';

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
