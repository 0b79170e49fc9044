import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { orderNumber } from '@shared/order-model';
import type { TOrderSummary } from '@shared/orders';
import { Linkified } from '@client/features/thread/components/linkified';
import { ErrorBox, InlineLoading } from '@client/components/ui/data-views';
import { RequestCard } from '@client/features/thread/components/request-card';
import { useOrderThread } from '@client/lib/api/order-messages';
import { useOrders } from '@client/lib/api/orders';
import { useTranslation } from '@client/lib/i18n';

/**
 * "Action needed" at the top of the dashboard: every request of our team still waiting
 * for the customer, with the answer or the upload right there. An order shown stays while the page
 * is open, and so does a request shown open (answered here or elsewhere, its card says so): the
 * thanks after an answer is read where the form was, whatever the live stream reports first.
 */
export function ActionNeeded() {
  const { t } = useTranslation('dashboard');
  const orders = useOrders();
  const [shown, setShown] = useState<readonly string[]>([]);
  const waiting = orders.data?.filter((order) => order.openRequests > 0).map((order) => order.id) ?? [];
  const added = waiting.filter((id) => !shown.includes(id));
  if (added.length > 0) setShown([...shown, ...added]);
  const listed = (orders.data ?? []).filter((order) => shown.includes(order.id) || waiting.includes(order.id));
  if (listed.length === 0) return null;
  // once the last request is answered the section stays (its thanks are read there) but no longer asks
  const done = waiting.length === 0;
  const Icon = done ? CircleCheck : CircleAlert;
  return (
    <section
      aria-labelledby="action-needed-title"
      className={`rounded-2xl border-2 bg-surface p-4 shadow-sm sm:p-6 ${done ? 'border-line' : 'border-amber-400 dark:border-amber-700'}`}
      data-testid="action-needed"
    >
      <h2 id="action-needed-title" className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <Icon className={`size-5 shrink-0 ${done ? 'text-green-700 dark:text-green-300' : 'text-amber-700 dark:text-amber-300'}`} aria-hidden />
        {done ? t('actionNeeded.doneTitle') : t('actionNeeded.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{done ? t('actionNeeded.doneLead') : t('actionNeeded.lead')}</p>
      <ul className="mt-4 space-y-4">
        {listed.map((order) => (
          <OrderRequests key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}

function OrderRequests({ order }: { order: TOrderSummary }) {
  const { t } = useTranslation('dashboard');
  const thread = useOrderThread(order.id);
  const [shown, setShown] = useState<readonly string[]>([]);
  const messages = thread.data?.messages ?? [];
  const added = messages.filter((message) => message.request?.status === 'open' && !shown.includes(message.request.id)).map((message) => message.request!.id);
  if (added.length > 0) setShown([...shown, ...added]);
  const asked = messages.filter((message) => message.request && (message.request.status === 'open' || shown.includes(message.request.id)));
  return (
    <li className="min-w-0">
      <h3 className="text-base font-semibold break-words">
        {order.companyName1}{' '}
        <span className="font-mono text-xs font-normal tracking-wide text-muted">{t('card.orderNumber', { number: orderNumber(order.id) })}</span>
      </h3>
      {thread.isPending && <InlineLoading label={t('messages:loading')} />}
      {thread.isError && <ErrorBox title={t('messages:loadFailed')} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />}
      {asked.map((message) => (
        <div key={message.id} className="mt-2">
          <p className="text-sm whitespace-pre-wrap text-fg wrap-anywhere">
            <Linkified text={message.body} />
          </p>
          <RequestCard orderId={order.id} request={message.request!} side="customer" />
        </div>
      ))}
    </li>
  );
}
