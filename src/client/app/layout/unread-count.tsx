import { QueryClientProvider } from '@tanstack/react-query';
import { useAdminQueue } from '@client/lib/api/admin-queue';
import { useUnreadMessages } from '@client/lib/api/order-messages';
import { queryClient } from '@client/lib/query-client';
import { useTranslation } from '@client/lib/i18n';
import { useBasicFormats } from '@client/lib/use-language';

/** What a header badge counts: a customer's unread messages from the team, or an administrator's own items of the queue. */
export type BadgeCount = 'unread' | 'mine';

function Count({ count, label }: { count: number; label: string }) {
  const { number } = useBasicFormats();
  if (count === 0) return null;
  return (
    <span
      className="pointer-events-none absolute -top-2.5 left-full ml-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-none font-bold text-white"
      data-testid="unread-badge"
    >
      <span aria-hidden>{count > 99 ? '99+' : number(count)}</span>
      <span className="sr-only"> {label}</span>
    </span>
  );
}

function UnreadMessages() {
  const { t } = useTranslation();
  const { number } = useBasicFormats();
  const count = useUnreadMessages().data?.unread ?? 0;
  return <Count count={count} label={t('nav.unread', { count, formatted: number(count) })} />;
}

/**
 * The administrator's own items that need them now: their overdue and due-within-24-hours rows of
 * the queue (ADR 0040), the same query the queue page reads with its owner filter on "mine".
 */
function MyQueueItems() {
  const { t } = useTranslation('admin');
  const { number } = useBasicFormats();
  const counts = useAdminQueue({ owner: 'mine', limit: 1 }).data?.counts;
  const count = counts ? counts.overdue + counts.dueToday : 0;
  return <Count count={count} label={t('nav.mine', { count, formatted: number(count) })} />;
}

/**
 * How many things wait: placed after the corner of its label (unread-badge.tsx), so its arrival
 * moves nothing; its words are in the link's name for screen readers. The header sits outside the
 * pages' QueryLayout: the count brings the app's one query client itself.
 */
export default function UnreadCount({ counts }: { counts: BadgeCount }) {
  return <QueryClientProvider client={queryClient}>{counts === 'mine' ? <MyQueueItems /> : <UnreadMessages />}</QueryClientProvider>;
}
