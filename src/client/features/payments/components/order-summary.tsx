import { Lock } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { orderNumber } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { Panel } from '@client/components/ui/data-views';
import { useFormats } from '@client/lib/use-formats';
import { AlreadyPaidNotice } from './already-paid-notice';
import { BackButton } from './back-button';
import { CompletePaymentButton } from './complete-payment-button';
import { PackageContents } from './package-contents';
import { PriceBreakdown } from './price-breakdown';

/** The order being paid: whose company, what the package holds, what it costs, and Pay / Back. */
export function OrderSummary({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('payment');
  const { state } = useFormats();
  const payable = order.status === 'pending_payment';
  return (
    <Panel>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-line pb-5">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-muted">{t('checkout.orderFor')}</p>
          <p className="mt-1 text-xl font-bold break-words text-fg" data-testid="company-name">
            {order.companyName1}
          </p>
          <p className="mt-0.5 text-sm text-muted">{t('checkout.stateOfFormation', { state: state(order.llcState) })}</p>
        </div>
        <span className="rounded-full bg-surface-muted px-3 py-1 font-mono text-xs font-semibold text-muted">
          {t('checkout.orderNumber', { number: orderNumber(order.id) })}
        </span>
      </div>
      <div className="mt-5">
        <PackageContents />
      </div>
      <div className="mt-6 rounded-xl border border-line p-4 sm:p-5">
        <PriceBreakdown />
        <p className="mt-2 text-xs text-muted">{t('checkout.oneTime')}</p>
      </div>
      <div className="mt-6">
        {payable ? (
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <CompletePaymentButton orderId={order.id} />
            <div className="sm:order-first">
              <BackButton orderId={order.id} />
            </div>
          </div>
        ) : (
          <AlreadyPaidNotice />
        )}
      </div>
      {payable && (
        <p className="mt-4 flex items-start gap-2 text-xs text-muted">
          <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {t('checkout.securedBy')}
        </p>
      )}
    </Panel>
  );
}
