import { useTranslation } from '@client/lib/i18n';
import { Panel } from '@client/components/ui/data-views';

/** What happens after paying, as numbered steps. */
export function NextStepsPanel() {
  const { t } = useTranslation('payment');
  const steps = t('next.steps', { returnObjects: true });
  return (
    <Panel title={t('next.title')}>
      <ol className="space-y-3 text-sm">
        {(Array.isArray(steps) ? (steps as string[]) : []).map((step, index) => (
          <li key={step} className="flex items-start gap-3">
            <span
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white dark:bg-gold-400 dark:text-brand-900"
              aria-hidden
            >
              {index + 1}
            </span>
            <span className="pt-0.5 text-muted">{step}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
