import { CreditCard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { Button } from '@client/components/ui/button';
import { ActionError } from '@client/components/ui/field';
import { toast } from '@client/components/ui/toast';
import { ApiError } from '@client/lib/api-client';
import { useCreateCheckoutSession } from '@client/lib/api/payments';
import { leaveForCheckout } from '../leave-for-checkout';
import { CheckoutConsent, consentErrorKeys, type Consent, type ConsentName } from './checkout-consent';

/**
 * The two consents (docs/product.md, "Constants and limits"), then Complete Payment: with a box unticked it says so under
 * the box and moves focus there, asking nothing of the server. Otherwise it asks the server for a
 * checkout session and sends the browser to it. The button stays busy
 * until the browser has left (focused all along: a busy Button is aria-disabled, not disabled); a
 * failure shows the destructive toast (docs/product.md, "Messages"), stays written under the button, and
 * enables it again.
 */
export function CompletePaymentButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation('payment');
  const checkout = useCreateCheckoutSession(orderId);
  const { reset } = checkout;
  const leaving = checkout.isPending || checkout.isSuccess;
  const [failure, setFailure] = useState<string | null>(null);
  const [consent, setConsent] = useState<Consent>({ acceptTerms: false, confirmAdult: false });
  const [consentErrors, setConsentErrors] = useState<Partial<Record<ConsentName, string>>>({});
  const refs = { acceptTerms: useRef<HTMLInputElement>(null), confirmAdult: useRef<HTMLInputElement>(null) };
  const names = Object.keys(consentErrorKeys) as ConsentName[];
  const showConsentErrors = (missing: ConsentName[]) => {
    setConsentErrors(Object.fromEntries(missing.map((name) => [name, t(consentErrorKeys[name])])));
    if (missing[0]) refs[missing[0]].current?.focus();
  };

  // Back from the provider may restore this page from the back/forward cache, still busy
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const pay = () => {
    // a second press while the first is under way asks for nothing more (the server reuses the session anyway)
    if (leaving) return;
    setFailure(null);
    const missing = names.filter((name) => !consent[name]);
    showConsentErrors(missing);
    if (missing.length > 0) return;
    checkout.mutate(
      { acceptTerms: true, confirmAdult: true },
      {
        onSuccess: ({ url }) => leaveForCheckout(url),
        onError: (error) => {
          // the server refused a consent (a stale page): said under its box, like the check above
          if (error instanceof ApiError && error.status === 400 && names.some((name) => error.fields[name])) {
            showConsentErrors(names.filter((name) => error.fields[name]));
            return;
          }
          const paid = error instanceof ApiError && error.status === 409;
          const reason = paid ? t('alreadyPaid') : t('tryAgain');
          setFailure(reason);
          void toast('error', t('error'), reason);
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <CheckoutConsent
        value={consent}
        errors={consentErrors}
        refs={refs}
        onChange={(name, checked) => {
          setConsent((current) => ({ ...current, [name]: checked }));
          if (checked) setConsentErrors(({ [name]: _done, ...rest }) => rest);
        }}
      />
      <Button variant="accent" size="lg" className="w-full" busy={leaving} onClick={pay} aria-describedby={failure ? 'payment-error' : undefined}>
        {!leaving && <CreditCard className="size-5" aria-hidden />}
        {leaving ? t('checkout.redirecting') : t('checkout.completePayment')}
      </Button>
      <ActionError id="payment-error" message={failure} />
    </div>
  );
}
