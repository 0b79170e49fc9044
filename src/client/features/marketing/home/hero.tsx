import { Check } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button-classes';
import { StartLink } from '@client/components/start-link';
import { usePrice } from '@client/lib/price';
import { DarkHero } from '../components/dark-hero';
import { asList, CheckList, onDarkButton } from '../components/section';
import { paths } from '@shared/client-paths';

/** Home hero: the promise, the two ways in (order, quiz) and the price card. */
export function Hero() {
  const { t } = useTranslation('marketing');
  const { price } = usePrice();
  return (
    <DarkHero
      eyebrow={t('hero.eyebrow')}
      title={t('hero.title', { price })}
      lead={t('hero.lead')}
      reviewsLabel={t('hero.reviews')}
      actions={
        <>
          <StartLink className={buttonClasses('accent', 'lg')}>{t('hero.cta')}</StartLink>
          <Link to={paths.stateQuiz()} className={onDarkButton}>
            {t('hero.quiz')}
          </Link>
        </>
      }
      aside={
        <>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">{t('hero.cardTitle')}</h2>
          <p className="mt-2 text-5xl font-extrabold tracking-tight text-brand-700 dark:text-gold-300">{t('hero.cardPrice', { price })}</p>
          <p className="mt-1 text-sm text-muted">{t('hero.cardPriceNote')}</p>
          <CheckList className="mt-6 border-t border-line pt-6 text-sm" items={asList(t('hero.cardItems', { returnObjects: true }))} />
        </>
      }
    >
      <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-brand-50">
        {asList(t('hero.points', { returnObjects: true })).map((point) => (
          <li key={point} className="flex items-center gap-2">
            <Check className="size-4 shrink-0 text-gold-300" aria-hidden />
            {point}
          </li>
        ))}
      </ul>
    </DarkHero>
  );
}
