import { ArrowRight } from 'lucide-react';
import type { TStatusHistoryEntry } from '@shared/admin';
import type { OrderStatus } from '@shared/order-status';
import { OrderStatusBadge } from '@client/components/order-status-badge';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/** Who set which status when (DESIGN: status changes are audited), newest first. */
export function StatusHistory({ entries }: { entries: TStatusHistoryEntry[] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const label = (status: OrderStatus) => t(`common:status.${status}`);
  if (entries.length === 0) return <p className="text-sm text-muted">{t('history.empty')}</p>;

  // a named person when we know one; otherwise what made the change
  const who = (entry: TStatusHistoryEntry) =>
    entry.changedBy
      ? t('history.by', { name: entry.changedBy })
      : t(entry.source === 'payment' ? 'history.byPayment' : entry.source === 'admin' ? 'history.byUnknownAdmin' : 'history.bySystem');

  return (
    <ol className="space-y-3 border-l-2 border-line pl-4" data-testid="status-history">
      {[...entries].reverse().map((entry) => (
        <li key={entry.id} className="relative text-sm">
          <span className="absolute top-1.5 -left-[1.3125rem] size-2.5 rounded-full bg-brand-500 ring-2 ring-(--surface) dark:bg-gold-400" aria-hidden />
          <p className="flex flex-wrap items-center gap-1.5">
            {entry.fromStatus ? (
              <>
                {/* badges for the eye, a sentence for screen readers */}
                <span className="sr-only">{t('history.changed', { from: label(entry.fromStatus), to: label(entry.toStatus) })}</span>
                <span aria-hidden className="contents">
                  <OrderStatusBadge status={entry.fromStatus} />
                  <ArrowRight className="size-3.5 text-muted" />
                  <OrderStatusBadge status={entry.toStatus} />
                </span>
              </>
            ) : (
              t('history.created', { status: label(entry.toStatus) })
            )}
          </p>
          <p className="mt-1 text-xs text-muted">
            {who(entry)} · <time dateTime={entry.createdAt}>{format.dateTime(entry.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
