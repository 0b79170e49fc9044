import { CalendarCheck } from 'lucide-react';
import { Link } from '@client/lib/router';
import { ADMIN_HORIZON_DAYS } from '@shared/compliance/api';
import { ListPage, ListResults } from '@client/components/list-page';
import { EmptyState, InlineLoading } from '@client/components/ui/data-views';
import { useAdminCompliance } from '@client/lib/api/compliance';
import { useComplianceCopy } from '@client/lib/compliance-copy';
import { translateUncheckedKey } from '@client/lib/i18n';
import { usePageTitle } from '@client/lib/page-title';
import { paths } from '@shared/client-paths';

const statusClasses: Record<string, string> = {
  overdue: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100',
  'due-soon': 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  upcoming: 'bg-brand-50 text-brand-800 dark:bg-brand-800/60 dark:text-brand-50',
};

/** /admin/compliance: every formed company's overdue and soon-due deadlines, a page of companies at a time, the earliest first. */
export function AdminDeadlinesPage() {
  const { t, format, ready, taxName } = useComplianceCopy();
  usePageTitle(ready ? t('admin.title') : '');
  const list = useAdminCompliance();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (!ready) return <InlineLoading label="…" className="py-8" />;
  return (
    <ListPage title={t('admin.title')} lead={t('admin.intro', { days: ADMIN_HORIZON_DAYS })} width="medium">
      <ListResults
        query={list}
        rows={items.length}
        paging={{ loadMore: t('admin.loadMore') }}
        loading={t('admin.loading')}
        loadError={t('admin.error')}
        empty={<EmptyState icon={CalendarCheck} title={t('admin.empty')} message={t('admin.emptyHint', { days: ADMIN_HORIZON_DAYS })} />}
      >
        <ul className="space-y-2" data-testid="admin-deadlines">
          {items.map(({ orderId, orderNumber, companyName, email, deadline }) => (
            <li
              key={`${orderId}|${deadline.kind}|${deadline.dueDate}`}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-line p-3 text-sm"
            >
              <span className="font-semibold">{format.day(deadline.dueDate!)}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClasses[deadline.status] ?? ''}`}>
                {t(`panel.status.${deadline.status}`)}
              </span>
              {/* the API names each deadline's text (descriptionKey): a key only data knows */}
              <span className="min-w-[12rem] flex-1">
                {translateUncheckedKey(t, `${deadline.descriptionKey}.title`, { taxName: taxName(deadline.taxName ?? '') })}
              </span>
              <span className="min-w-0 break-words">
                <Link to={paths.adminOrder({ id: orderId })} className="font-medium text-brand-700 underline underline-offset-4 dark:text-gold-300">
                  {companyName} ({orderNumber})
                </Link>{' '}
                <span className="text-muted">{email}</span>
              </span>
            </li>
          ))}
        </ul>
      </ListResults>
    </ListPage>
  );
}
