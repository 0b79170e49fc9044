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

/** docs/product.md: "Step n of 4", the bar at step/4 as a percent, and the step tabs. */
export function WizardProgress({ step, reached, files, onSelect }: WizardProgressProps) {
  const { t } = useOrderTranslation();
  const gates = useStepGates(files);
  const total = wizardSteps.length;
  const position = t('progress.step', { current: step + 1, total });
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <p className="font-semibold text-fg" data-testid="wizard-position">
          {position}
        </p>
        <p className="text-muted">{t('progress.complete', { percent: Math.round(((step + 1) / total) * 100) })}</p>
      </div>
      <Progress value={step + 1} max={total} label={t('progress.label')} valueText={position} className="mt-2 h-2 bg-brand-100 dark:bg-brand-800" />
      <div className="mt-4">
        <StepTabs step={step} isDone={(index) => isStepDone(index, reached, gates)} onSelect={onSelect} />
      </div>
    </div>
  );
}
