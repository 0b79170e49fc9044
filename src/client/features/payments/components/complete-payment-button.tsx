import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { ActionError } from '@client/components/ui/field';
import { toast } from '@client/components/ui/toast';
import { ApiError } from '@client/lib/api-client';
import { useCreateCheckoutSession } from '@client/lib/api/payments';
import { leaveForCheckout } from '../leave-for-checkout';

/**
 * Asks the server for a checkout session and sends the browser to it. The button stays busy
 * until the browser has left (focused all along: a busy Button is aria-disabled, not disabled); a
 * failure shows the destructive toast (SPEC section 8), stays written under the button, and
 * enables it again.
 */
export function CompletePaymentButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation('payment');
  const checkout = useCreateCheckoutSession(orderId);
  const { reset } = checkout;
  const leaving = checkout.isPending || checkout.isSuccess;
  const [failure, setFailure] = useState<string | null>(null);

  // Back from the provider may restore this page from the back/forward cache, still busy
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const pay = () => {
    setFailure(null);
    checkout.mutate(undefined, {
      onSuccess: ({ url }) => leaveForCheckout(url),
      onError: (error) => {
        const paid = error instanceof ApiError && error.status === 409;
        const reason = paid ? t('alreadyPaid') : t('tryAgain');
        setFailure(reason);
        void toast('error', t('error'), reason);
      },
    });
  };

  return (
    <div className="space-y-3">
      <Button variant="accent" size="lg" className="w-full" busy={leaving} onClick={pay} aria-describedby={failure ? 'payment-error' : undefined}>
        {!leaving && <CreditCard className="size-5" aria-hidden />}
        {leaving ? t('checkout.redirecting') : t('checkout.completePayment')}
      </Button>
      <ActionError id="payment-error" message={failure} />
    </div>
  );
}
