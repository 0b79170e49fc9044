import type { Language } from '@shared/languages';
import { taxNameFor, type Amount, type Deadline } from '@shared/compliance';
import { formatUsd } from '@shared/formats';

/* The words of a deadline outside the browser (calendar feed, reminder emails): the panel's titles (locales compliance.json `kind`; the server does not import client code). */

const titles: Record<Language, Record<string, string>> = {
  en: {
    'state-annual-report': "State annual report",
    'state-annual-report-with-tax': "State annual report and {{taxName}}",
    'state-tax': "State {{taxName}}",
    'federal-5472': "IRS Form 5472 with a pro-forma Form 1120",
    'federal-1065': "IRS Form 1065, partnership return",
    'registered-agent': "Registered agent renewal",
  },
  es: {
    'state-annual-report': "Informe anual estatal",
    'state-annual-report-with-tax': "Informe anual estatal y {{taxName}}",
    'state-tax': "Impuesto estatal: {{taxName}}",
    'federal-5472': "Formulario 5472 del IRS con un Formulario 1120 pro forma",
    'federal-1065': "Formulario 1065 del IRS, declaración de sociedad",
    'registered-agent': "Renovación del agente registrado (Registered Agent)",
  },
};

/** "State annual report and Annual License Tax", in `language`. */
export function deadlineTitle(deadline: Pick<Deadline, 'descriptionKey' | 'taxName'>, language: Language): string {
  const key = deadline.descriptionKey.replace(/^kind\./, '');
  const title = titles[language][key] ?? key;
  return title.replace('{{taxName}}', taxNameFor(deadline.taxName ?? '', language));
}

/** "$60", "at least $60" or "no filing fee", in `language`; empty when the amount is unknown. */
export function amountText(amount: Amount | null, language: Language): string {
  if (!amount) return '';
  if (amount.method === 'no-fee') return language === 'es' ? 'sin costo' : 'no filing fee';
  const money = formatUsd(amount.cents, language);
  if (amount.method === 'flat') return money;
  return language === 'es' ? `mínimo ${money}` : `at least ${money}`;
}

