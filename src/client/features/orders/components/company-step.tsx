import { useFormContext, useWatch } from 'react-hook-form';
import type { UsStateCode } from '@shared/geo';
import { useOrderTranslation } from '../namespaces';
import type { OrderFormValues } from '../order-form-values';
import { CompanyNames } from './company-names';
import { StatePicker } from './state-picker';

/** Step 1: the state, then three company names in order of preference. */
export function CompanyStep({ onStateChange }: { onStateChange: (code: UsStateCode) => void }) {
  const { t } = useOrderTranslation();
  const { control, formState } = useFormContext<OrderFormValues>();
  const llcState = useWatch({ control, name: 'llcState' });
  return (
    <div className="space-y-10">
      <StatePicker value={llcState} onChange={onStateChange} error={formState.errors.llcState?.message} />
      <fieldset aria-describedby="company-names-hint">
        <legend className="text-base font-semibold text-fg">{t('names.legend')}</legend>
        <p id="company-names-hint" className="mt-1 text-sm text-muted">
          {t('names.hint')}
        </p>
        <CompanyNames />
      </fieldset>
    </div>
  );
}
