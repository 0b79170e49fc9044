import { wizardSteps } from '@shared/order-model';
import { Progress } from '@client/components/ui/progress';
import { isStepDone, useStepGates, type DocumentPresence } from '../hooks/use-step-gates';
import { useOrderTranslation } from '../namespaces';
import { StepTabs } from './step-tabs';

interface WizardProgressProps {
  step: number;
  /** the furthest step Next has reached */
  reached: number;
  files: DocumentPresence;
  onSelect: (index: number) => void;
}

/**
 * docs/product.md: "Step n of 4", then the bar and its percent: the steps done (the tabs' ticks) out
 * of four, so nothing done reads 0% and the last step, before submitting, never 100%.
 */
export function WizardProgress({ step, reached, files, onSelect }: WizardProgressProps) {
  const { t } = useOrderTranslation();
  const gates = useStepGates(files);
  const total = wizardSteps.length;
  const isDone = (index: number) => isStepDone(index, reached, gates);
  const done = wizardSteps.filter((_, index) => isDone(index)).length;
  const position = t('progress.step', { current: step + 1, total });
  const complete = t('progress.complete', { percent: Math.round((done / total) * 100) });
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <p className="font-semibold text-fg" data-testid="wizard-position">
          {position}
        </p>
        <p className="text-muted" data-testid="wizard-complete">
          {complete}
        </p>
      </div>
      <Progress
        value={done}
        max={total}
        label={t('progress.label')}
        valueText={`${position}, ${complete}`}
        className="mt-2 h-2 bg-brand-100 dark:bg-brand-800"
      />
      <div className="mt-4">
        <StepTabs step={step} isDone={isDone} onSelect={onSelect} />
      </div>
    </div>
  );
}
