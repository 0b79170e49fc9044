import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button';
import { StartLink } from '@client/components/start-link';
import { usePrice } from '@client/lib/price';
import { DarkHero } from '../components/dark-hero';
import { asSteps, onDarkButton } from '../components/section';

/** /v2 hero: the pitch, Start Now and the five things we handle (docs/product.md, "Client routes"). */
export function LandingHero() {
  const { t } = useTranslation('landing');
  const { price } = usePrice();
  return (
    <DarkHero
      eyebrow={t('hero.eyebrow')}
      title={t('hero.title')}
      lead={t('hero.lead', { price })}
      reviewsLabel={t('hero.reviews')}
      actions={
        <>
          <StartLink className={buttonClasses('accent', 'lg')}>{t('hero.cta')}</StartLink>
          <Link to="#how-it-works" className={onDarkButton}>
            {t('hero.secondary')}
          </Link>
        </>
      }
      aside={
        <>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">{t('hero.listTitle')}</h2>
          <ol className="mt-4 space-y-4">
            {asSteps(t('fiveSteps', { returnObjects: true })).map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white dark:bg-gold-400 dark:text-brand-900"
                  aria-hidden
                >
                  {index + 1}
                </span>
                <span>
                  <span className="block font-semibold">{step.title}</span>
                  <span className="block text-sm text-muted">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </>
      }
    />
  );
}
