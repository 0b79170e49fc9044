import { Download, History, SearchX } from 'lucide-react';
import { useId } from 'react';
import { activityTargetLabel, type TActivityEntry } from '@shared/activity';
import { paths } from '@shared/client-paths';
import { ListPage, ListResults } from '@client/components/list-page';
import { buttonClasses } from '@client/components/ui/button-classes';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/data-views';
import { inputClasses } from '@client/components/ui/field';
import { adminActivityCsvUrl, useAdminActivity, type ActivityFilters } from '@client/lib/api/admin-activity';
import { useAssignees } from '@client/lib/api/assignees';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { Link, useSearchParams } from '@client/lib/router';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { useTimelineSentence } from './order-timeline';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The administrator's local midnight at the start of `day` ("2026-11-28"), `days` later, as an instant. */
function localMidnight(day: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + days).toISOString();
}

/** The filters in the URL (?person=&from=&to=, days in the administrator's zone), as the API takes them. */
function useActivityFilters() {
  const [params, setParams] = useSearchParams();
  const person = params.get('person')?.slice(0, 64) ?? '';
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isoDay.test(value) ? value : '';
  };
  const from = day('from');
  const to = day('to');
  const backwards = Boolean(from && to && to < from);
  const set = (name: 'person' | 'from' | 'to' | 'all', value = '') =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (name === 'all') ['person', 'from', 'to'].forEach((key) => next.delete(key));
        else if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const api: ActivityFilters = {
    actor: person || undefined,
    from: from ? localMidnight(from) : undefined,
    // the whole last day: up to the next midnight (an end before the start is left out until fixed)
    to: to && !backwards ? localMidnight(to, 1) : undefined,
  };
  return { person, from, to, backwards, set, api, filtered: Boolean(person || from || to) };
}

/** /admin/activity: what administrators did across the site, newest first; by person and dates; as CSV. */
export function AdminActivityPage() {
  const { t } = useAdminTranslation();
  usePageTitle(t('activity.metaTitle'));
  const format = useFormats();
  const filters = useActivityFilters();
  const activity = useAdminActivity(filters.api);
  const assignees = useAssignees();
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  const names = useTranslation(['admin', 'milestones']).t;
  const sentence = useTimelineSentence();
  const ids = { person: useId(), from: useId(), to: useId(), toError: useId() };

  return (
    <ListPage
      title={t('activity.title')}
      lead={t('activity.lead')}
      width="medium"
      aside={
        <a href={adminActivityCsvUrl(filters.api, format.language)} download className={buttonClasses('outline', 'sm')} data-testid="activity-csv">
          <Download className="size-4" aria-hidden="true" />
          {t('activity.csv')}
        </a>
      }
    >
      <div className="mt-5 grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,11rem)_minmax(0,11rem)_auto] sm:items-end">
        <div className="space-y-1">
          <label htmlFor={ids.person} className="block text-xs font-semibold text-muted">
            {t('activity.person')}
          </label>
          <select id={ids.person} className={inputClasses} value={filters.person} onChange={(event) => filters.set('person', event.target.value)}>
            <option value="">{t('activity.anyone')}</option>
            {assignees.data?.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.from} className="block text-xs font-semibold text-muted">
            {t('activity.from')}
          </label>
          <input
            id={ids.from}
            type="date"
            className={inputClasses}
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => filters.set('from', event.target.value)}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.to} className="block text-xs font-semibold text-muted">
            {t('activity.to')}
          </label>
          <input
            id={ids.to}
            type="date"
            className={inputClasses}
            value={filters.to}
            min={filters.from || undefined}
            aria-invalid={filters.backwards || undefined}
            aria-describedby={filters.backwards ? ids.toError : undefined}
            onChange={(event) => filters.set('to', event.target.value)}
          />
        </div>
        {filters.filtered && (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => filters.set('all')}>
            {t('activity.clear')}
          </Button>
        )}
      </div>
      {filters.backwards && (
        <p id={ids.toError} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {t('activity.toBeforeFrom')}
        </p>
      )}

      <ListResults
        query={activity}
        rows={entries.length}
        className="mt-6"
        loading={t('activity.loading')}
        loadError={t('activity.loadError')}
        errorDetail={errorMessage(t, activity.error)}
        empty={<EmptyState icon={filters.filtered ? SearchX : History} message={t('activity.empty')} />}
        paging={{ loadMore: t('activity.more') }}
      >
        <ol className="divide-y divide-line rounded-xl border border-line bg-surface" data-testid="activity-list">
          {entries.map((entry) => (
            <ActivityRow
              key={entry.key}
              entry={entry}
              sentence={sentence(entry)}
              label={activityTargetLabel(entry.target, names)}
              dateTime={format.dateTime(entry.at)}
              system={t('timeline.system')}
            />
          ))}
        </ol>
      </ListResults>
    </ListPage>
  );
}

/** One entry: what, then when, who and on what (a link to the order or ticket). */
function ActivityRow({
  entry,
  sentence,
  label,
  dateTime,
  system,
}: {
  entry: TActivityEntry;
  sentence: string;
  label: string;
  dateTime: string;
  system: string;
}) {
  const { target } = entry;
  const href =
    target.id && target.type === 'order'
      ? paths.adminOrder({ id: target.id })
      : target.id && target.type === 'ticket'
        ? paths.adminTicket({ id: target.id })
        : null;
  return (
    <li className="px-4 py-3 text-sm">
      <p className="break-words text-fg wrap-anywhere">{sentence}</p>
      <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted">
        <time dateTime={entry.at}>{dateTime}</time>
        <span aria-hidden="true">·</span>
        <span>{entry.actor ?? system}</span>
        {label && (
          <>
            <span aria-hidden="true">·</span>
            {href ? (
              <Link to={href} className="font-medium text-brand-700 underline underline-offset-2 wrap-anywhere dark:text-gold-300">
                {label}
              </Link>
            ) : (
              <span className="wrap-anywhere">{label}</span>
            )}
          </>
        )}
      </p>
    </li>
  );
}
