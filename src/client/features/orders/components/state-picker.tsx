import { Compass } from 'lucide-react';
import { useId } from 'react';
import { Link } from '@client/lib/router';
import { defaultLlcState, isUsStateCode, popularStates, type UsStateCode } from '@shared/geo';
import { translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useGeoOptions } from '../hooks/use-geo';
import { useOrderTranslation } from '../namespaces';
import { SelectField } from './select-field';
import { StateCard } from './state-card';
import { YearlyCostHint } from './yearly-cost-hint';
import { paths } from '@shared/client-paths';

interface StatePickerProps {
  value: string;
  onChange: (code: UsStateCode) => void;
  /** message key */
  error?: string;
}

/** docs/product.md, "Client routes": three popular states as cards, every state (50 + DC) in a dropdown, and the quiz. */
export function StatePicker({ value, onChange, error }: StatePickerProps) {
  const { t } = useOrderTranslation();
  const { states } = useGeoOptions();
  const labels = useFormats();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-base font-semibold text-fg">{t('state.legend')}</legend>
      <p className="mt-1 text-sm text-muted">{t('state.popular')}</p>
      <div className="mt-4 grid gap-3 md:grid-cols-3">
        {popularStates.map((code) => (
          <StateCard
            key={code}
            code={code}
            name={labels.state(code)}
            featured={code === defaultLlcState}
            checked={value === code}
            onChange={() => onChange(code)}
          />
        ))}
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2 sm:items-start">
        <SelectField
          label={t('state.other')}
          hint={t('state.otherHint')}
          options={states}
          value={value}
          onChange={(event) => {
            if (isUsStateCode(event.target.value)) onChange(event.target.value);
          }}
        />
        <Link
          to={paths.stateQuiz()}
          className="flex items-center gap-3 rounded-xl border border-dashed border-line p-4 text-sm font-semibold text-brand-700 hover:bg-surface-muted sm:mt-7 dark:text-gold-300"
        >
          <Compass className="size-5 shrink-0" aria-hidden />
          {t('state.quiz')}
        </Link>
      </div>
      {isUsStateCode(value) && <YearlyCostHint state={value} />}
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {translateMessage(t, error)}
        </p>
      )}
      <p className="mt-4 text-xs text-muted">{t('state.credit')}</p>
    </fieldset>
  );
}
