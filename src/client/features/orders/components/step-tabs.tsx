import { Check } from 'lucide-react';
import { wizardSteps } from '@shared/order-model';
import { useOrderTranslation } from '../namespaces';

interface StepTabsProps {
  step: number;
  isDone: (index: number) => boolean;
  onSelect: (index: number) => void;
}

/**
 * docs/product.md: the step tabs, clickable only for completed steps and the current one. One list for every
 * width: numbered circles with short names under them on phones, beside them from sm up.
 */
export function StepTabs({ step, isDone, onSelect }: StepTabsProps) {
  const { t } = useOrderTranslation();
  return (
    <nav aria-label={t('progress.stepsLabel')}>
      <ol className="grid grid-cols-4 gap-1 sm:gap-2">
        {wizardSteps.map((name, index) => {
          const current = index === step;
          const done = isDone(index);
          return (
            <li key={name}>
              <button
                type="button"
                disabled={!current && !done}
                aria-current={current ? 'step' : undefined}
                onClick={() => onSelect(index)}
                data-testid={`step-tab-${name}`}
                className={`group flex w-full flex-col items-center gap-1.5 rounded-lg px-1 py-2 text-center transition-colors enabled:hover:bg-surface-muted disabled:cursor-not-allowed sm:flex-row sm:gap-2.5 sm:px-2 sm:text-left ${
                  current ? 'text-fg' : done ? 'text-fg' : 'text-muted'
                }`}
              >
                <span
                  className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                    current
                      ? 'bg-brand-700 text-white ring-4 ring-brand-100 dark:bg-gold-400 dark:text-brand-900 dark:ring-gold-400/20'
                      : done
                        ? 'bg-brand-100 text-brand-700 dark:bg-brand-800 dark:text-gold-300'
                        : 'border border-line bg-surface text-muted'
                  }`}
                  aria-hidden="true"
                >
                  {done && !current ? <Check className="size-4" /> : index + 1}
                </span>
                <span className={`min-w-0 text-xs leading-tight sm:text-sm ${current ? 'font-semibold' : 'font-medium'}`}>{t(`steps.${name}.tab`)}</span>
                {done && <span className="sr-only">({t('progress.done')})</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
