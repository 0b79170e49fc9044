import { useTranslation } from '@client/lib/i18n';
import { asSteps, cardClasses, Section, Steps } from '../components/section';

/** docs/product.md, "The home page": the three-step process. */
export function Process() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="process" eyebrow={t('process.eyebrow')} title={t('process.title')}>
      <Steps steps={asSteps(t('process.steps', { returnObjects: true }))} />
    </Section>
  );
}

const timelines = ['us', 'global'] as const;

/** docs/product.md, "The home page" and "Promises": 24-48 hours for US citizens, 2-4 weeks for everyone else. */
export function Timelines() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="timelines" muted eyebrow={t('timelines.eyebrow')} title={t('timelines.title')}>
      <ul className="grid gap-6 md:grid-cols-2">
        {timelines.map((key) => (
          <li key={key} className={`${cardClasses} border-l-4 border-l-gold-400`}>
            <h3 className="font-semibold text-muted">{t(`timelines.${key}.label`)}</h3>
            <p className="mt-1 text-4xl font-extrabold tracking-tight text-brand-700 dark:text-gold-300">{t(`timelines.${key}.value`)}</p>
            <p className="mt-2 text-muted">{t(`timelines.${key}.text`)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6 font-medium">{t('timelines.note')}</p>
    </Section>
  );
}
