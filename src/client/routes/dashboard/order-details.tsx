import { useId } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { MilestoneTimeline } from '@client/features/milestones/milestone-timeline';
import { OrderThread } from '@client/features/thread/order-thread';
import { ErrorBox, InlineLoading } from '@client/components/ui/data-views';
import { useOrder } from '@client/lib/api/orders';
import { CompliancePanel } from '@client/features/compliance/compliance-panel';
import { BankPackCard } from '@client/features/documents/bank-pack-card';
import { OrderDocuments } from '@client/features/documents/order-documents';
import { OrderFacts } from '@client/features/orders/components/order-facts';
import { IdentityDocumentLinks } from '@client/features/documents/identity-document-links';
import { FilingSection } from '@client/features/filing/filing-section';
import { RefundSection } from '@client/features/refunds/refund-section';
import { useOrderThread } from '@client/lib/api/order-messages';
import { documentsAskedAgain } from '@shared/order-message-rules';

/** The expanded part of an order card. Mounted on the first expansion: that is when both reads start. */
export function OrderDetails({ orderId }: { orderId: string }) {
  const { t } = useTranslation('dashboard');
  const order = useOrder(orderId);
  // the same read as the thread below (one request): which identity documents the team asked again
  const replacing = documentsAskedAgain(useOrderThread(orderId).data?.messages ?? []);
  const progressId = useId();
  const next = order.data?.state.next;
  const actsOnFiling = Boolean(order.data?.paidAt && !order.data.refundedAt && (next === 'complete_details' || next === 'sign'));
  return (
    <div className="space-y-6">
      {order.isPending ? (
        <InlineLoading label={t('details.loading')} className="py-4" />
      ) : order.isError ? (
        <ErrorBox title={t('details.loadError')} onRetry={() => void order.refetch()} retrying={order.isFetching} />
      ) : (
        <>
          {/* what she must do now comes first: the company details to complete, the documents to sign */}
          {actsOnFiling && <FilingSection order={order.data} />}
          {/* after the EIN, the next useful thing: the bank account, with the papers in one download */}
          {order.data.ein && !order.data.refundedAt && <BankPackCard orderId={orderId} />}
          <section aria-labelledby={progressId}>
            <h4 id={progressId} className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
              {t('details.progress')}
            </h4>
            <MilestoneTimeline order={order.data} />
          </section>
          {/* the company details and the documents, once paid, in their place when nothing is asked */}
          {!actsOnFiling && order.data.paidAt && !order.data.refundedAt && <FilingSection order={order.data} />}
          {/* the money-back guarantee, under the amount paid (the receipt link is at the card's foot) */}
          {order.data.status !== 'pending_payment' && <RefundSection order={order.data} />}
          {order.data.formationDate && <CompliancePanel orderId={orderId} />}
          {/* what she typed, folded: she knows it, and it pushed the next step off a phone's screen */}
          <details className="group rounded-xl border border-line bg-surface" data-testid="order-facts-fold">
            <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-semibold text-fg hover:bg-surface-muted">
              {t('details.whatYouEntered')}
            </summary>
            <div className="border-t border-line p-4">
              <OrderFacts order={order.data} identityDocuments={<IdentityDocumentLinks order={order.data} replacing={replacing} />} />
            </div>
          </details>
        </>
      )}
      <OrderDocuments orderId={orderId} />
      <OrderThread orderId={orderId} side="customer" compact />
    </div>
  );
}
