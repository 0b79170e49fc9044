import { FileText, History, IdCard, Users } from 'lucide-react';
import { orderNumber } from '@shared/order-model';
import { OrderThread } from '@client/features/thread/order-thread';
import { ErrorBox, InlineLoading, Panel } from '@client/components/ui/data-views';
import { adminOrderKeys, useAdminOrder } from '@client/lib/api/admin-orders';
import { OwnerControl } from '@client/components/owner-control';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { ActionFeedbackProvider } from '@client/components/action-feedback';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { isOrderNotFound } from '@client/features/orders/admin/is-order-not-found';
import { BackToOrders } from '@client/features/orders/admin/back-to-orders';
import { DocumentUploadForm } from '@client/features/documents/admin/document-upload-form';
import { HoldPanel } from '@client/features/orders/admin/hold-panel';
import { IdentityDocuments } from '@client/features/documents/admin/identity-documents';
import { MilestonesPanel } from '@client/features/milestones/milestones-panel';
import { OrderCorrection, type CorrectionForm } from '@client/features/orders/admin/order-correction';
import { OrderDocumentList } from '@client/features/documents/admin/order-document-list';
import { OrderFacts } from '@client/features/orders/admin/order-facts';
import { OrderHeading } from '@client/features/orders/admin/order-heading';
import { OrderNotesPanel } from '@client/features/orders/admin/order-notes-panel';
import { OrderRecord } from '@client/features/orders/admin/order-record';
import { OrderTimeline } from '@client/features/activity/order-timeline';
import { PacketPanel } from '@client/features/filing/packet-panel';
import { PartnerFacts } from '@client/features/orders/admin/partner-facts';
import { RefundPanel } from '@client/features/refunds/refund-panel';
import { StatusControl } from '@client/features/orders/admin/status-control';
import { StatusHistory } from '@client/features/orders/admin/status-history';

/**
 * /admin/orders/:id: one order in full, its status (with history), its documents (docs/product.md, "API endpoints"-18);
 * with `correctionForm`, the panel that corrects its data.
 */
export function AdminOrderPage({ orderId, correctionForm }: { orderId: string; correctionForm?: CorrectionForm }) {
  const { t } = useAdminTranslation();
  const detail = useAdminOrder(orderId);
  usePageTitle(t('meta.order', { number: orderNumber(orderId) }));

  if (detail.isPending) return <InlineLoading label={t('order.loading')} className="py-24" />;
  if (detail.isError) {
    const notFound = isOrderNotFound(detail.error);
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        <BackToOrders />
        {notFound ? (
          <ErrorBox title={t('orderNotFound')} />
        ) : (
          <ErrorBox title={t('order.loadError')} detail={errorMessage(t, detail.error)} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
        )}
      </div>
    );
  }

  const { order, history } = detail.data;
  return (
    <ActionFeedbackProvider>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <OrderHeading order={order} />
        <div className="mt-6 grid items-start gap-4 @5xl:grid-cols-[minmax(0,1fr)_22rem]">
          {/* first in reading order: on phones the status, the admin's main action, comes first */}
          <aside className="space-y-4 @5xl:sticky @5xl:top-20 @5xl:order-last">
            <HoldPanel order={order} />
            <OwnerControl item={{ kind: 'order', id: order.id }} assigneeId={order.assignee?.id ?? null} refresh={adminOrderKeys.all} />
            <Panel compact title={t('status.title')} icon={History}>
              <StatusControl orderId={order.id} status={order.status} implied={order.impliedStatus} />
              <h3 className="mt-6 mb-3 text-xs font-semibold tracking-wide text-muted uppercase">{t('history.title')}</h3>
              <StatusHistory entries={history} />
            </Panel>
            <MilestonesPanel order={order} />
            <OrderNotesPanel orderId={order.id} />
          </aside>

          <div className="min-w-0 space-y-4">
            <Panel compact title={t('documents.title')} icon={FileText} lead={t('documents.lead')}>
              <div className="space-y-4">
                <OrderDocumentList orderId={order.id} />
                <DocumentUploadForm orderId={order.id} />
              </div>
            </Panel>
            <OrderThread orderId={order.id} side="team" compact templates={{ language: order.customerLanguage, list: order.messageTemplates }} />
            {correctionForm && <OrderCorrection order={order} Form={correctionForm} />}
            <OrderFacts order={order} />
            {/* the filing packet made from the order */}
            <PacketPanel order={order} />
            {/* under the amounts paid, once the customer asked for a refund */}
            <RefundPanel order={order} />
            <div className="grid gap-4 md:grid-cols-2">
              <Panel compact title={t('order.identity.title')} icon={IdCard}>
                <IdentityDocuments order={order} />
              </Panel>
              <Panel compact title={t('order.partner.title')} icon={Users}>
                <PartnerFacts partner={order.partner} />
              </Panel>
            </div>
            <OrderRecord order={order} />
            <OrderTimeline orderId={order.id} />
          </div>
        </div>
      </div>
    </ActionFeedbackProvider>
  );
}
