import { Clock } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { Spinner } from '@client/components/ui/button';

/**
 * While the payment event is on its way: a live "Confirming your payment..." notice; if it has
 * not come after the checks run out, a calm note that the dashboard will show it.
 */
export function ConfirmingNotice({ confirming, stillPending }: { confirming: boolean; stillPending: boolean }) {
  const { t } = useTranslation('payment');
  return (
    <div role="status" aria-live="polite">
      {confirming ? (
        <p className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 dark:border-brand-700 dark:bg-brand-800/60 dark:text-brand-50">
          <Spinner className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="block font-semibold">{t('success.confirming')}</span>
            <span className="block">{t('success.confirmingBody')}</span>
          </span>
        </p>
      ) : (
        stillPending && (
          <p className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4 text-sm text-muted">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('success.stillConfirming')}
          </p>
        )
      )}
    </div>
  );
}
