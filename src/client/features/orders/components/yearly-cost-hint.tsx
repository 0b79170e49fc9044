import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { hasUnknownCost, stateCosts, yearlyCostCents } from '@shared/compliance';
import type { UsStateCode } from '@shared/geo';
import { stateGuidePath } from '@shared/state-guides';
import { useFormats } from '@client/lib/use-formats';
import { paths } from '@shared/client-paths';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-4 dark:text-gold-300';

/**
 * Under the state picker: what the chosen state charges every year from year two (the dataset's
 * recurring fees; our price covers the first year's filing), with links to every state's costs
 * and to the state's guide.
 * Its texts load on their own: until they have, it shows nothing rather than suspending the wizard.
 */
export function YearlyCostHint({ state }: { state: UsStateCode }) {
  const { t, ready } = useTranslation('compliance', { useSuspense: false });
  const format = useFormats();
  if (!ready) return null;
  const costs = stateCosts(state);
  const yearly = yearlyCostCents(costs);
  const name = format.state(state);
  const unknown = hasUnknownCost(costs);
  const text =
    unknown && yearly.cents === 0
      ? t('wizard.yearlyUnknown', { state: name })
      : yearly.cents === 0
        ? t(yearly.atLeast ? 'wizard.yearlyDepends' : 'wizard.yearlyNone', { state: name })
        : t(yearly.atLeast ? 'wizard.yearlyAtLeast' : 'wizard.yearly', { state: name, amount: format.usd(yearly.cents) });
  return (
    <p className="mt-3 text-sm text-muted" data-testid="yearly-cost" aria-live="polite">
      {text}{' '}
      <Link to={paths.stateCosts()} className={linkClasses}>
        {t('wizard.details')}
      </Link>
      {' · '}
      {/* a new tab: the wizard keeps what has been typed */}
      <Link to={stateGuidePath(state)} target="_blank" rel="noopener" className={linkClasses} data-testid="state-guide-link">
        {t('wizard.guide', { state: name })}
      </Link>
    </p>
  );
}
