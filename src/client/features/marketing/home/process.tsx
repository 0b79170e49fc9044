import { Clock, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cardClasses, IconBadge, Section } from '../components/section';
import { asSteps, Steps } from '../components/steps';

/** SPEC 1: the three-step process. */
export function Process() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="process" eyebrow={t('process.eyebrow')} title={t('process.title')}>
      <Steps steps={asSteps(t('process.steps', { returnObjects: true }))} />
    </Section>
  );
}

const timelines = [
  ['us', Clock],
  ['global', Globe],
] as const;

/** SPEC 1 and 9: 24-48 hours for US citizens, 2-4 weeks for everyone else. */
export function Timelines() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="timelines" muted eyebrow={t('timelines.eyebrow')} title={t('timelines.title')}>
      <ul className="grid gap-6 md:grid-cols-2">
        {timelines.map(([key, Icon]) => (
          <li key={key} className={`${cardClasses} flex gap-5`}>
            <IconBadge>
              <Icon className="size-5" aria-hidden />
            </IconBadge>
            <div>
              <h3 className="font-semibold text-muted">{t(`timelines.${key}.label`)}</h3>
              <p className="mt-1 text-3xl font-bold tracking-tight">{t(`timelines.${key}.value`)}</p>
              <p className="mt-2 text-muted">{t(`timelines.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-6 font-medium">{t('timelines.note')}</p>
    </Section>
  );
}
