import { QueryClientProvider } from '@tanstack/react-query';
import { useUnreadMessages } from '@client/lib/api/order-messages';
import { queryClient } from '@client/lib/query-client';
import { useTranslation } from '@client/lib/i18n';
import { useBasicFormats } from '@client/lib/use-language';

/**
 * How many messages wait to be read: a customer's from the team, or, in the admin
 * header, customers' to the team. Placed after the corner of its label (unread-badge.tsx), so its
 * arrival moves nothing; its words are in the link's name for screen readers.
 */
function Count() {
  const { t } = useTranslation();
  const { number } = useBasicFormats();
  const count = useUnreadMessages().data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <span
      className="pointer-events-none absolute -top-2.5 left-full ml-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-none font-bold text-white"
      data-testid="unread-badge"
    >
      <span aria-hidden>{count > 99 ? '99+' : number(count)}</span>
      <span className="sr-only"> {t('nav.unread', { count, formatted: number(count) })}</span>
    </span>
  );
}

/** The header sits outside the pages' QueryLayout: the count brings the app's one query client itself. */
export default function UnreadCount() {
  return (
    <QueryClientProvider client={queryClient}>
      <Count />
    </QueryClientProvider>
  );
}
