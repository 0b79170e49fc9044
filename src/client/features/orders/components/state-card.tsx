import { Check } from 'lucide-react';
import { useId } from 'react';
import type { popularStates } from '@shared/geo';
import { asList } from '@client/lib/translated-lists';
import { useFormats } from '@client/lib/use-formats';
import { useOrderTranslation } from '../namespaces';
import { stateFacts } from '@shared/state-facts';
import { stateCosts, taxNameFor } from '@shared/compliance';

interface StateCardProps {
  /** a popular state: each has its benefits in order:state.benefits */
  code: (typeof popularStates)[number];
  name: string;
  checked: boolean;
  featured?: boolean;
  onChange: () => void;
}

/**
 * A popular state as a card around a real radio input: arrow keys move between the cards and the
 * radio's name is just the state's (the benefits are its description).
 */
export function StateCard({ code, name, checked, featured = false, onChange }: StateCardProps) {
  const { t } = useOrderTranslation();
  const format = useFormats();
  const id = useId();
  const facts = stateFacts(code);
  const usd = (dollars: number) => format.usd(dollars * 100);
  // each yearly cost named by its kind in the dataset: a report fee, or the state's tax paid with the
  // report or on its own (Delaware's yearly amount is its Annual Tax, not a report fee)
  const yearly = stateCosts(code).recurring.flatMap((item) => {
    if (!item.amount) return [];
    const money = format.usd(item.amount.cents);
    const amount = item.amount.method === 'minimum' ? t('state.fromAmount', { amount: money }) : money;
    const taxName = item.taxName ? taxNameFor(item.taxName, format.language) : null;
    if (item.kind === 'state-tax') return [t('state.yearlyTax', { taxName: taxName ?? '', amount })];
    return [taxName ? t('state.yearlyReportWithTax', { taxName, amount }) : t('state.yearlyReport', { amount })];
  });
  return (
    <label
      data-testid={`state-card-${code}`}
      className="relative flex cursor-pointer flex-col rounded-xl border-2 border-line bg-surface p-4 transition-colors hover:border-brand-200 hover:bg-surface-muted has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus dark:hover:border-brand-500 dark:has-checked:border-gold-400 dark:has-checked:bg-brand-800/60"
    >
      {featured && (
        <span className="absolute -top-2.5 right-3 rounded-full bg-gold-400 px-2 py-0.5 text-[0.6875rem] font-bold tracking-wide text-brand-900 uppercase">
          {t('state.focus')}
        </span>
      )}
      <span className="flex items-center gap-3">
        <span
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-sm font-bold text-white dark:bg-brand-500"
          aria-hidden
        >
          {code}
        </span>
        <span id={`${id}-name`} className="min-w-0 flex-1 font-semibold text-fg">
          {name}
        </span>
        <input
          type="radio"
          name="llcStatePopular"
          value={code}
          checked={checked}
          onChange={onChange}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-details`}
          // the card shows the focus ring; the input itself is the visible radio dot
          className="size-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-control bg-surface transition-[border] checked:border-[6px] checked:border-brand-600 focus-visible:outline-none dark:checked:border-gold-400"
        />
      </span>
      <span id={`${id}-details`} className="mt-3 flex flex-1 flex-col">
        {asList(t(`state.benefits.${code}`, { returnObjects: true })).map((benefit) => (
          <span key={benefit} className="flex gap-2 py-0.5 text-sm text-fg">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />
            {benefit}
          </span>
        ))}
        {facts && (
          <span className="mt-3 block border-t border-line pt-3 text-xs leading-relaxed text-muted">
            <span className="block">{t('state.filingFee', { amount: usd(facts.formationFeeUsd) })}</span>
            {yearly.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </span>
        )}
      </span>
    </label>
  );
}
