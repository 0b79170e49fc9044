import { ChevronDown } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { orderNumber } from '@shared/order-model';
import type { TOrderSummary } from '@shared/orders';
import { HoldBadge, OrderStatusBadge, RefundedBadge } from '@client/components/order-status-badge';
import { ReceiptLink } from '@client/components/receipt-link';
import { OrderActions } from '@client/components/order-actions';
import { useFormats } from '@client/lib/use-formats';
import { InlineLoading } from '@client/components/ui/data-views';
import './order-card.css';
import { OrderDetails } from './order-details';
import { OrderNextStep } from '@client/features/orders/components/order-next-step';

/** docs/product.md: 100 ms per card. Capped, so the end of a long list does not keep anyone waiting. */
const staggerMs = 100;
const maxStaggeredCards = 8;

interface OrderCardProps {
  order: TOrderSummary;
  /** position in the list, for the entrance stagger */
  index: number;
  expanded: boolean;
  onToggle: () => void;
}

/** One order: a summary button that expands its details, and the next step for its status. */
export function OrderCard({ order, index, expanded, onToggle }: OrderCardProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;

  // Details and documents are fetched on the first expansion, and the panel stays mounted (only
  // hidden) after it, so closing and reopening does not ask the server again.
  const [opened, setOpened] = useState(expanded);
  if (expanded && !opened) setOpened(true);

  return (
    <li
      className="dashboard-card-in"
      style={{ animationDelay: `${Math.min(index, maxStaggeredCards) * staggerMs}ms` }}
      data-testid="order-card"
      data-order-id={order.id}
    >
      <article
        className={`overflow-hidden rounded-xl border bg-surface transition-shadow ${expanded ? 'border-brand-500/60 shadow-md dark:border-brand-500' : 'border-line hover:shadow-sm'}`}
      >
        <h3>
          <button
            type="button"
            id={buttonId}
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={onToggle}
            className="flex w-full items-start gap-3 p-4 text-left transition-colors hover:bg-surface-muted focus-visible:outline-offset-[-2px] sm:items-center sm:p-5"
          >
            <span className="min-w-0 flex-1">
              <span className="block text-base font-semibold break-words sm:text-lg">{order.companyName1}</span>
              <span className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted">
                <span>{format.state(order.llcState)}</span>
                <span aria-hidden className="hidden sm:inline">
                  ·
                </span>
                <span className="font-mono text-xs leading-5 tracking-wide">{t('card.orderNumber', { number: orderNumber(order.id) })}</span>
                <span aria-hidden className="hidden sm:inline">
                  ·
                </span>
                <time dateTime={order.createdAt}>{format.date(order.createdAt)}</time>
              </span>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center sm:gap-3">
              <OrderStatusBadge status={order.status} />
              {order.holdReason && <HoldBadge label={t('card.held')} />}
              {order.openRequests > 0 && <HoldBadge label={t('card.actionNeeded')} testId="action-needed-badge" />}
              {order.refunded && <RefundedBadge />}
              <ChevronDown className={`size-5 text-muted transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`} aria-hidden />
            </span>
          </button>
        </h3>
        <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="border-t border-line bg-surface-muted px-4 py-5 sm:px-5">
          {/* its own boundary: the details' texts (milestones, documents, filing) load on the first
              opening, and suspending to the page's boundary would replace the whole dashboard,
              taking the keyboard from the button just pressed back to the top of the page */}
          {opened && (
            <Suspense fallback={<InlineLoading label={t('details.loading')} className="py-4" />}>
              <OrderDetails orderId={order.id} />
            </Suspense>
          )}
        </div>
        <OrderNextStep orderId={order.id} status={order.status} held={order.holdReason !== null} />
        {order.status === 'pending_payment' && <OrderActions orderId={order.id} className="border-t border-line px-4 py-3 sm:px-5" />}
        {order.status !== 'pending_payment' && (
          <p className="border-t border-line px-4 py-3 text-sm sm:px-5">
            <ReceiptLink orderId={order.id} label={t('downloadReceipt')} />
          </p>
        )}
      </article>
    </li>
  );
}
