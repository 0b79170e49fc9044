import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button-classes';
import { currentLanguage } from '@client/lib/i18n';
import { publicConfig } from '@client/lib/public-config';
import { asList, BandHeading, cardClasses, CheckList, Section } from '../components/section';
import { popularStates } from './popular-states';
import { formatUsd } from '@shared/formats';
import { paths } from '@shared/client-paths';

/** docs/product.md, "The home page": Delaware, Wyoming and Nevada with their points, and the offer to help choose. */
export function PopularStates() {
  const { t } = useTranslation('marketing');
  const language = currentLanguage();
  return (
    <Section id="states" eyebrow={t('states.eyebrow')} title={t('states.title')} lead={t('states.lead')}>
      <ul className="grid gap-6 md:grid-cols-3">
        {popularStates.map((state) => {
          const focus = 'focus' in state;
          return (
            <li key={state.code} className={`${cardClasses} relative flex flex-col ${focus ? 'ring-2 ring-gold-400 md:-my-3 md:py-9' : ''}`}>
              {focus && (
                <span className="absolute -top-3 left-6 rounded-full bg-gold-400 px-3 py-0.5 text-xs font-bold uppercase tracking-wide text-brand-900">
                  {t('states.focus')}
                </span>
              )}
              <div className="flex items-center gap-3">
                <span
                  className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-700 text-lg font-bold text-white dark:bg-brand-500"
                  aria-hidden
                >
                  {state.code}
                </span>
                <h3 className="text-xl font-semibold">{t(`states.names.${state.code}`)}</h3>
              </div>
              <CheckList className="mt-6 flex-1 content-start" items={asList(t(`states.points.${state.code}`, { returnObjects: true }))} />
              <p className="mt-6 border-t border-line pt-4 text-sm text-muted">
                {t('states.yearlyFee', { amount: formatUsd(state.yearlyFeeUsd * 100, language) })}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-10 flex flex-col gap-3 rounded-2xl border border-dashed border-line p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold">{t('states.helpTitle')}</p>
          <p className="mt-1 text-muted">{t('states.helpText')}</p>
        </div>
        <a href={`mailto:${publicConfig.supportEmail}`} className={buttonClasses('outline', 'md', 'shrink-0')}>
          {t('states.helpLink')}
        </a>
      </div>
      <p className="mt-6 text-xs text-muted">{t('states.credit')}</p>
    </Section>
  );
}

/** docs/product.md, "The home page": the state quiz promotion. */
export function QuizPromo() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="quiz-title" className="mx-auto max-w-6xl px-4">
      <div className="grid gap-8 rounded-3xl bg-brand-700 p-8 text-white sm:p-12 lg:grid-cols-[1fr_auto] lg:items-center dark:bg-brand-800">
        <div>
          <BandHeading titleId="quiz-title" eyebrow={t('quiz.eyebrow')} title={t('quiz.title')} level={2} size="text-3xl font-bold" />
          <CheckList className="mt-6 text-brand-50 sm:grid-cols-2" iconClassName="text-gold-300" items={asList(t('quiz.points', { returnObjects: true }))} />
        </div>
        <Link to={paths.stateQuiz()} className={buttonClasses('accent', 'lg')}>
          {t('quiz.cta')}
        </Link>
      </div>
    </section>
  );
}
