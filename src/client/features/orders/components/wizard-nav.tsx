import { ArrowLeft, ArrowRight, Send } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { ActionError } from '@client/components/ui/field';
import { useStepGates, type DocumentPresence } from '../hooks/use-step-gates';
import { useOrderTranslation } from '../namespaces';

interface WizardNavProps {
  isFirst: boolean;
  isLast: boolean;
  step: number;
  files: DocumentPresence;
  busy: boolean;
  /** why the last submit failed, shown above the buttons */
  failure?: string | null;
  onPrevious: () => void;
  /** fixing an order on file: the last button saves the changes */
  editing?: boolean;
}

/**
 * Previous (disabled on step 1) and Next (disabled until the step is complete) or, on the last
 * step, the submit button with its busy label. Next and submit are submit buttons, so Enter in a
 * field goes on too; the wizard's onSubmit decides which.
 */
export function WizardNav({ isFirst, isLast, step, files, busy, failure = null, onPrevious, editing = false }: WizardNavProps) {
  const { t } = useOrderTranslation();
  const canContinue = useStepGates(files)[step] ?? false;
  const showFailure = isLast && failure !== null;
  return (
    <div className="mt-10 border-t border-line pt-6">
      {showFailure && (
        <div className="mb-4">
          <ActionError id="order-submit-error" message={failure} />
        </div>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" onClick={onPrevious} disabled={isFirst || busy} className="w-full sm:w-auto">
          <ArrowLeft className="size-4" aria-hidden />
          {t('nav.previous')}
        </Button>
        {isLast ? (
          <Button
            key="submit"
            type="submit"
            variant="accent"
            busy={busy}
            aria-describedby={showFailure ? 'order-submit-error' : undefined}
            className="w-full sm:w-auto"
          >
            {busy ? t(editing ? 'nav.saving' : 'nav.submitting') : t(editing ? 'nav.save' : 'nav.submit')}
            {!busy && <Send className="size-4" aria-hidden />}
          </Button>
        ) : (
          <Button key="next" type="submit" disabled={!canContinue} className="w-full sm:w-auto">
            {t('nav.next')}
            <ArrowRight className="size-4" aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
}
