import { AlarmClock, CircleAlert, Clock, CreditCard, Hourglass, type LucideIcon, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { orderNumber } from '@shared/order-model';
import { promiseState } from '@shared/promised-times';
import { queuePageSize, queueMaxItems, queueSections, type QueueSection, type TQueue, type TQueueItem } from '@shared/queue';
import { paths } from '@shared/client-paths';
import { OwnerFilterOptions, ownerLabels } from '@client/components/owner-control';
import { ListPage } from '@client/components/list-page';
import { Button } from '@client/components/ui/button';
import { ErrorBox, InlineLoading } from '@client/components/ui/data-views';
import { inputClasses } from '@client/components/ui/field';
import { useAdminQueue } from '@client/lib/api/admin-queue';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { Link, useSearchParams } from '@client/lib/router';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { OrderBadges } from '@client/components/order-badges';
import { formatDuration, useNow } from '@client/lib/format-duration';

const sectionIcons: Record<QueueSection, LucideIcon> = { dueToday: Clock, overdue: AlarmClock, unassigned: UserX, waiting: Hourglass, reviews: CreditCard };

/**
 * /admin: the team's queue. Due within 24 hours, overdue (red, with how late),
 * unassigned, waiting on the customer, payment reviews and holds, each with its count, most urgent
 * first, each order once with every reason it waits for and the customer's language; the owner
 * filter lives in the URL as on the orders list. It reads itself again every minute and on every
 * live event about an order.
 */
export function AdminQueuePage() {
  const { t } = useAdminTranslation();
  const format = useFormats();
  usePageTitle(t('meta.queue'));
  const [params, setParams] = useSearchParams();
  const owner = params.get('owner')?.slice(0, 100) || undefined;
  const [limit, setLimit] = useState(queuePageSize);
  const queue = useAdminQueue({ owner, limit });
  // one clock for the whole page: every row's "late by" moves with it
  const now = useNow();
  const ownerId = useId();

  return (
    <ListPage
      title={t('queue.title')}
      lead={t('queue.lead')}
      width="medium"
      aside={
        <p className="min-h-5 text-sm text-muted" aria-live="off">
          {queue.data && t('queue.updated', { time: format.dateTime(new Date(queue.dataUpdatedAt).toISOString()) })}
        </p>
      }
    >
      <div className="mt-5 max-w-xs space-y-1">
        <label htmlFor={ownerId} className="block text-xs font-semibold text-muted">
          {t('queue.ownerLabel')}
        </label>
        <select
          id={ownerId}
          className={inputClasses}
          value={owner ?? ''}
          onChange={(event) =>
            setParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                if (event.target.value) next.set('owner', event.target.value);
                else next.delete('owner');
                return next;
              },
              { replace: true },
            )
          }
        >
          <OwnerFilterOptions labels={ownerLabels(t)} />
        </select>
      </div>

      {queue.isPending && <InlineLoading label={t('queue.loading')} />}
      {queue.isError && (
        <ErrorBox
          className="mt-6"
          title={t('queue.loadError')}
          detail={errorMessage(t, queue.error)}
          onRetry={() => void queue.refetch()}
          retrying={queue.isFetching}
        />
      )}
      {queue.data && (
        <>
          <nav aria-label={t('queue.title')} className="mt-6">
            <ul className="flex flex-wrap gap-2">
              {queueSections.map((section) => (
                <li key={section}>
                  <a
                    href={`#queue-${section}`}
                    className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset hover:bg-surface-muted ${section === 'overdue' && queue.data.counts.overdue > 0 ? 'text-red-800 ring-red-300 dark:text-red-200 dark:ring-red-800' : 'text-fg ring-line'}`}
                  >
                    {t(`queue.sections.${section}`)}
                    <span className="tabular-nums font-semibold">{format.number(queue.data.counts[section])}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {queueSections.map((section) => (
            <QueueSectionView
              key={section}
              section={section}
              queue={queue.data}
              now={now}
              busy={queue.isFetching}
              onShowMore={limit < queueMaxItems ? () => setLimit(Math.min(queueMaxItems, limit + queuePageSize * 2)) : undefined}
            />
          ))}
        </>
      )}
    </ListPage>
  );
}

function QueueSectionView({
  section,
  queue,
  now,
  busy,
  onShowMore,
}: {
  section: QueueSection;
  queue: TQueue;
  now: number;
  busy: boolean;
  onShowMore?: () => void;
}) {
  const { t } = useAdminTranslation();
  const { number } = useFormats();
  const Icon = sectionIcons[section];
  const items = queue.sections[section];
  const total = queue.counts[section];
  const late = section === 'overdue' && total > 0;
  return (
    <section id={`queue-${section}`} aria-labelledby={`queue-${section}-title`} className="mt-8 scroll-mt-24" data-testid={`queue-${section}`}>
      <h2 id={`queue-${section}-title`} className={`flex items-center gap-2 text-lg font-semibold ${late ? 'text-red-800 dark:text-red-300' : ''}`}>
        <Icon className="size-5 shrink-0" aria-hidden />
        {t(`queue.sections.${section}`)}
        <span
          className={`rounded-full px-2 text-sm tabular-nums ring-1 ring-inset ${late ? 'bg-red-50 ring-red-300 dark:bg-red-950 dark:ring-red-800' : 'bg-surface-muted ring-line'}`}
        >
          {number(total)}
        </span>
      </h2>
      {section === 'unassigned' && <p className="mt-1 text-sm text-muted">{t('queue.unassignedNote')}</p>}
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t(`queue.empty.${section}`)}</p>
      ) : (
        <ul className="mt-3 divide-y divide-(--border) overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
          {items.map((item) => (
            <li key={`${item.type}-${item.id}`} className="px-4 py-3">
              <QueueRow item={item} now={now} />
            </li>
          ))}
        </ul>
      )}
      {total > items.length && (
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted">
          {t('queue.showing', { shown: number(items.length), total: number(total) })}
          {onShowMore && (
            <Button variant="outline" size="sm" busy={busy} onClick={onShowMore}>
              {t('queue.showMore')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

const linkClasses = 'font-semibold break-words text-brand-700 underline-offset-4 hover:underline dark:text-gold-300';

function QueueRow({ item, now }: { item: TQueueItem; now: number }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  if (item.type === 'review') {
    return (
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-x-2">
          <span className="text-xs font-semibold tracking-wide text-muted uppercase">{t('queue.kinds.review')}</span>
          {item.orderId ? (
            <Link to={paths.adminOrder({ id: item.orderId })} className={`${linkClasses} font-mono`}>
              {orderNumber(item.orderId)}
            </Link>
          ) : (
            <span>{t('queue.noOrder')}</span>
          )}
          <time dateTime={item.createdAt} className="text-muted">
            {format.dateTime(item.createdAt)}
          </time>
        </p>
        <p className="mt-1">{t(`reviews.reason.${item.reason as 'amount_mismatch'}`, { defaultValue: item.reason })}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-xs font-semibold tracking-wide text-muted uppercase">{t(`queue.kinds.${item.type}`)}</span>
          {item.type === 'order' ? (
            <Link to={paths.adminOrder({ id: item.id })} className={linkClasses}>
              <span className="font-mono">{orderNumber(item.id)}</span> · {item.companyName1}
            </Link>
          ) : (
            <Link to={paths.adminTicket({ id: item.id })} className={linkClasses}>
              {item.name}
            </Link>
          )}
        </p>
        <p className="mt-0.5 break-words text-muted">{item.type === 'order' ? item.organizerName : item.email}</p>
        {item.type === 'ticket' && <p className="mt-1 line-clamp-2 break-words text-fg">{item.excerpt}</p>}
        {item.type === 'order' && <AttentionLines item={item} now={now} />}
        {item.type === 'order' && item.openRequests > 0 && item.requestDueOn && (
          <p className="mt-1 text-fg">{t('queue.requestDue', { count: item.openRequests, day: format.day(item.requestDueOn) })}</p>
        )}
        <PromiseLine promise={item.promise} now={now} />
      </div>
      <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
        {item.type === 'order' && <OrderBadges order={{ ...item, paymentReview: false }} />}
        {item.type === 'order' && (
          <span className="text-xs text-muted" data-testid="customer-language">
            {t('queue.language', { language: t(`queue.languages.${item.language}`) })}
          </span>
        )}
        <span className="text-xs text-muted">{item.assignee ? t('queue.owner', { name: item.assignee.name }) : t('queue.noOwner')}</span>
      </div>
    </div>
  );
}

/** Every reason the order waits for the team (each since when), and by when the team answers. */
function AttentionLines({ item, now }: { item: TQueueItem & { type: 'order' }; now: number }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  if (item.attention.length === 0 || !item.attentionDueAt) return null;
  return (
    <>
      <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={t('queue.reasonsLabel')}>
        {item.attention.map((reason) => (
          <li
            key={reason.kind}
            className="rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-950 ring-1 ring-amber-300 ring-inset dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800"
            data-testid={`reason-${reason.kind}`}
          >
            {t(`queue.reasons.${reason.kind}`)} · <time dateTime={reason.since}>{format.dateTime(reason.since)}</time>
          </li>
        ))}
      </ul>
      <DueLine what={t('queue.promises.support_reply')} dueAt={item.attentionDueAt} now={now} />
    </>
  );
}

/** What is promised and by when; red with how late once the moment has passed. */
function PromiseLine({ promise, now }: { promise: (TQueueItem & { type: 'order' })['promise']; now: number }) {
  const { t } = useAdminTranslation();
  if (!promise) return null;
  return <DueLine what={t(`queue.promises.${promise.kind}`)} dueAt={promise.dueAt} now={now} />;
}

function DueLine({ what, dueAt, now }: { what: string; dueAt: string; now: number }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const state = promiseState(dueAt, new Date(now));
  if (state.state === 'overdue') {
    return (
      <p className="mt-1 flex items-center gap-1.5 font-semibold text-red-800 dark:text-red-300" data-testid="late">
        <CircleAlert className="size-4 shrink-0" aria-hidden />
        {what} · {t('queue.lateBy', { duration: formatDuration(state.lateByMs, format.locale) })}
      </p>
    );
  }
  return (
    <p className="mt-1 text-fg">
      {what} · {t('queue.dueBy', { time: format.dateTime(dueAt) })}
    </p>
  );
}
