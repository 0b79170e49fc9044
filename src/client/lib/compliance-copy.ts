import { useMemo } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { taxNameFor, type Amount, type DueRule, type RuleKey } from '@shared/compliance';
import { useBasicFormats } from '@client/lib/use-language';
import { formatCalendarDay } from '@shared/formats';

/** The dataset's bases of an amount that varies, each a text of `compliance:amount.basis` */
const amountBases = ['hybrid', 'revenue', 'net-worth', 'composite'] as const;
const isAmountBasis = (basis: string): basis is (typeof amountBases)[number] => (amountBases as readonly string[]).includes(basis);

/** The dataset page of the credit line. */
export const datasetUrl = 'https://github.com/startupsolellc/us-llc-fees-dataset';

/**
 * How compliance amounts and due rules read in the interface language: money and dates through
 * the locale formatters, words from the `compliance` namespace.
 */
export function useComplianceCopy() {
  // never suspends: a page that needs the texts at once loads `compliance` itself (the state-costs
  // route does); a panel inside another page checks `ready` and shows its loading state meanwhile
  const { t, ready } = useTranslation('compliance', { useSuspense: false });
  const format = useBasicFormats();
  return useMemo(() => {
    const monthDay = (month: number, day: number) => formatCalendarDay({ month, day }, format.language, 'month-day');
    return {
      t,
      ready,
      format,
      /** "$60", "From $60 (depends on assets or revenue)", "Depends on revenue", "No filing fee", "Amount not in our data" */
      amount(amount: Amount | null): string {
        if (!amount) return t('amount.unknown');
        if (amount.method === 'no-fee') return t('amount.noFee');
        const money = format.usd(amount.cents);
        if (amount.method === 'flat') return t('amount.flat', { amount: money });
        // a basis we have no words for reads as none
        const basis = amount.basis && isAmountBasis(amount.basis) ? t(`amount.basis.${amount.basis}`) : '';
        // "From $0" says nothing: the basis alone
        if (amount.cents === 0 && basis) return basis.charAt(0).toLocaleUpperCase(format.locale) + basis.slice(1);
        return basis ? `${t('amount.minimum', { amount: money })} (${basis})` : t('amount.minimum', { amount: money });
      },
      /** the state's name of a tax, explained in Spanish */
      taxName: (name: string) => taxNameFor(name, format.language),
      /** "Every year by May 1", "First day of the month you formed the LLC", "… every two years" */
      due(rule: DueRule, key: RuleKey): string {
        const date = rule.kind === 'fixed-date' ? monthDay(rule.month, rule.day) : undefined;
        // each rule's text uses at most one of them; the others read as nothing
        const text = t(`rule.${key}`, { date: date ?? '', days: rule.kind === 'days-after-formation' ? rule.days : '' });
        const everyTwo = 'everyYears' in rule && rule.everyYears === 2 && !('years' in rule && rule.years);
        return everyTwo ? `${text}, ${t('rule.everyTwoYears')}` : text;
      },
    };
  }, [t, ready, format]);
}
