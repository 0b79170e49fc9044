import { Star } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';

/** docs/product.md, "Constants and limits": the checkout's review blurb, 4.9/5 from 500+ reviews. */
export function ReviewBlurb() {
  const { t } = useTranslation('payment');
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" role="img" aria-label={t('trust.reviewsLabel')}>
      <span className="flex text-gold-400" aria-hidden>
        {[0, 1, 2, 3, 4].map((star) => (
          <Star key={star} className="size-4 fill-current" />
        ))}
      </span>
      <span className="text-sm" aria-hidden>
        <strong className="font-bold text-fg">{t('trust.reviewScore')}</strong> <span className="text-muted">{t('trust.reviews')}</span>
      </span>
    </div>
  );
}
