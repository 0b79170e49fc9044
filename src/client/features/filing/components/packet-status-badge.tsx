import type { TPacket } from '@shared/filing/facts';
import { useTranslation } from '@client/lib/i18n';

const badgeClasses: Record<TPacket['status'], string> = {
  details_missing: 'bg-amber-100 text-amber-950 ring-amber-400 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700',
  awaiting_signatures: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-900/40 dark:text-blue-200 dark:ring-blue-700',
  ready_for_review: 'bg-violet-100 text-violet-900 ring-violet-300 dark:bg-violet-900/40 dark:text-violet-200 dark:ring-violet-700',
  approved: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-900/40 dark:text-green-200 dark:ring-green-700',
  filed: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-900/40 dark:text-green-200 dark:ring-green-700',
};

/** Where the filing packet stands, for the customer and the team alike. */
export function PacketStatusBadge({ status }: { status: TPacket['status'] }) {
  const { t } = useTranslation('filing');
  return (
    <span
      data-testid="packet-status"
      data-status={status}
      className={`inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-semibold break-words ring-1 ring-inset ${badgeClasses[status]}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}
