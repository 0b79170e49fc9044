import type { Language } from '@shared/languages';
import { taxNameFor, type Amount, type Deadline } from '@shared/compliance';
import { formatUsd } from '@shared/formats';
import { translateUncheckedKey } from '@shared/i18n/keys';
import { serverTexts } from '../../platform/i18n/texts';

/* The words of a deadline outside the browser (calendar feed, reminder emails): the panel's own texts (compliance catalogue). */

/** "State annual report and Annual License Tax", in `language`. */
export function deadlineTitle(deadline: Pick<Deadline, 'descriptionKey' | 'taxName'>, language: Language): string {
  const key = deadline.descriptionKey.replace(/^kind\./, '');
  // the deadline's key comes with its data (src/shared/compliance), as on the panel
  return translateUncheckedKey(serverTexts(language, 'compliance'), `kind.${key}.title`, {
    taxName: taxNameFor(deadline.taxName ?? '', language),
    defaultValue: key,
  });
}

/** "$60", "From $60" or "No filing fee", in `language`, as the panel writes them; empty when the amount is unknown. */
export function amountText(amount: Amount | null, language: Language): string {
  if (!amount) return '';
  const t = serverTexts(language, 'compliance');
  if (amount.method === 'no-fee') return t('amount.noFee');
  return t(amount.method === 'flat' ? 'amount.flat' : 'amount.minimum', { amount: formatUsd(amount.cents, language) });
}
