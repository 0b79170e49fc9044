import type { ReactNode, RefObject } from 'react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { paths } from '@shared/client-paths';

export type ConsentName = 'acceptTerms' | 'confirmAdult';
export type Consent = Record<ConsentName, boolean>;

/** The translation key of each unticked box's error (the same keys the server answers with). */
export const consentErrorKeys = { acceptTerms: 'acceptTermsRequired', confirmAdult: 'confirmAdultRequired' } as const satisfies Record<ConsentName, string>;

const linkClasses = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-gold-300';
const legalPages = { terms: paths.terms(), refund: paths.refund() };

/**
 * "I accept the <terms>…</terms> and the <refund>…</refund>" with the tagged words as links: the
 * one text with markup, so the translator has no Trans component (ADR 0017).
 */
function withLegalLinks(text: string): ReactNode[] {
  return text.split(/<(terms|refund)>(.*?)<\/\1>/).map((part, index, parts) => {
    if (index % 3 === 0) return part;
    if (index % 3 === 2) return null;
    return (
      <Link key={index} to={legalPages[part as keyof typeof legalPages]} className={linkClasses}>
        {parts[index + 1]}
      </Link>
    );
  });
}

/**
 * docs/product.md, "Constants and limits": the Terms & Conditions and the Refund Policy accepted, and 18 or older, before
 * Complete Payment. Each box says its own error under it and points to it (aria-describedby).
 */
export function CheckoutConsent({
  value,
  errors,
  onChange,
  refs,
}: {
  value: Consent;
  errors: Partial<Record<ConsentName, string>>;
  onChange: (name: ConsentName, checked: boolean) => void;
  refs: Record<ConsentName, RefObject<HTMLInputElement | null>>;
}) {
  const { t } = useTranslation('payment');
  const box = (name: ConsentName, label: ReactNode) => (
    <div>
      <label className="flex items-start gap-3 text-sm text-fg">
        <input
          ref={refs[name]}
          type="checkbox"
          name={name}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          checked={value[name]}
          onChange={(event) => onChange(name, event.target.checked)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${name}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      {errors[name] && (
        <p id={`${name}-error`} className="mt-1 ml-8 text-sm text-red-700 dark:text-red-300">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <fieldset className="space-y-3" data-testid="checkout-consent">
      <legend className="mb-2 text-sm font-semibold text-fg">{t('checkout.consentLegend')}</legend>
      {box('acceptTerms', withLegalLinks(t('checkout.acceptTerms')))}
      {box('confirmAdult', t('checkout.confirmAdult'))}
    </fieldset>
  );
}
