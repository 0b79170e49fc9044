import { Download, Inbox, MessagesSquare, SearchX } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { ticketDueFilters, ticketOriginFilters, ticketSorts, ticketStatusFilters, type TSupportTicketView } from '@shared/support';
import { ListPage, ListResults } from '@client/components/list-page';
import { buttonClasses } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/data-views';
import { FilterButtons } from '@client/components/ui/filter-buttons';
import { SearchBox } from '@client/components/ui/search-box';
import { ticketOwnerFilters, ticketsExportUrl, useTickets } from '@client/lib/api/admin-tickets';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { useListSearchState } from '@client/lib/use-list-search-state';
import { useUrlFilter } from '@client/lib/use-url-filter';
import { useUrlSearch } from '@client/lib/use-url-search';
import { useLanguage } from '@client/lib/use-formats';
import { formatDate } from '@shared/formats';
import { paths } from '@shared/client-paths';

/** /admin/tickets/:id */

/** open, answered or closed */
export function TicketStatusBadge({ status }: { status: TSupportTicketView['status'] }) {
  const { t } = useTranslation('support');
  const tone = {
    open: 'bg-blue-100 text-blue-900 ring-blue-300',
    answered: 'bg-green-100 text-green-900 ring-green-300',
    closed: 'bg-gray-100 text-gray-800 ring-gray-300',
  }[status];
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`} data-testid="ticket-status">
      {t(`admin.status.${status}`)}
    </span>
  );
}

function TicketCard({ ticket }: { ticket: TSupportTicketView }) {
  const { t } = useTranslation('support');
  const language = useLanguage();
  const affiliate = ticket.origin === 'Affiliate';
  const received = formatDate(ticket.createdAt, language, { dateStyle: 'medium', timeStyle: 'short' });
  // the ticket's page leads back to this search
  const listState = useListSearchState();
  return (
    <li className="rounded-2xl border border-line bg-surface p-5 shadow-sm" data-testid="ticket" data-origin={affiliate ? 'affiliate' : 'support'}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words">{ticket.name}</h2>
          <p className="text-sm break-all text-muted">{ticket.email}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <TicketStatusBadge status={ticket.status} />
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${affiliate ? 'bg-gold-300/40 text-gold-700 dark:bg-gold-400/15 dark:text-gold-300' : 'bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-brand-100'}`}
          >
            {t(affiliate ? 'admin.origin.affiliate' : 'admin.origin.support')}
          </span>
          <time dateTime={ticket.createdAt} className="text-xs text-muted">
            <span className="sr-only">{t('admin.received')} </span>
            {received}
          </time>
        </div>
      </div>
      <p className="mt-4 whitespace-pre-line break-words">{ticket.message}</p>
      <Link to={paths.adminTicket({ id: ticket.id })} state={listState} className={buttonClasses('outline', 'sm', 'mt-4')}>
        <MessagesSquare className="size-4" aria-hidden />
        {t('admin.openTicket')}
      </Link>
    </li>
  );
}

/** /admin/tickets: what visitors sent through /jv-support and /affiliate-partner, newest first. */
export function TicketList() {
  const { t } = useTranslation(['support', 'common']);
  const language = useLanguage();
  usePageTitle(t('meta.adminTitle'));
  const search = useUrlSearch();
  // ?origin=Affiliate, as the tickets store it, is the affiliate filter too
  const [origin, setOrigin] = useUrlFilter('origin', ticketOriginFilters, { anyCase: true });
  const [status, setStatus] = useUrlFilter('status', ticketStatusFilters);
  const [owner, setOwner] = useUrlFilter('owner', ticketOwnerFilters);
  const [due, setDue] = useUrlFilter('due', ticketDueFilters);
  const [sort, setSort] = useUrlFilter('sort', ticketSorts);
  const filters = { q: search.query, origin, status, owner, due, sort };
  const tickets = useTickets(filters);
  const list = tickets.data?.pages.flatMap((page) => page.tickets) ?? [];

  return (
    <ListPage title={t('admin.title')} lead={t('admin.lead')} width="narrow">
      <div className="mt-6">
        <SearchBox
          value={search.text}
          onChange={search.setText}
          busy={tickets.isFetching && !tickets.isFetchingNextPage}
          label={t('admin.searchLabel')}
          placeholder={t('admin.searchPlaceholder')}
          clearLabel={t('admin.clearSearch')}
        />
      </div>

      {/* the search and the filters live in the URL, so a filtered list can be reloaded and shared */}
      <FilterButtons label={t('admin.statusFilterLabel')} options={ticketStatusFilters} value={status} onChange={setStatus} className="mt-3 w-fit">
        {(filter) => t(`admin.status.${filter}`)}
      </FilterButtons>
      <FilterButtons label={t('admin.filterLabel')} options={ticketOriginFilters} value={origin} onChange={setOrigin} className="mt-3 w-fit">
        {(filter) => t(`admin.filters.${filter}`)}
      </FilterButtons>
      <FilterButtons label={t('admin.ownerFilterLabel')} options={ticketOwnerFilters} value={owner} onChange={setOwner} className="mt-3 w-fit">
        {(filter) => t(`admin.owners.${filter}`)}
      </FilterButtons>
      <FilterButtons label={t('admin.dueFilterLabel')} options={ticketDueFilters} value={due} onChange={setDue} className="mt-3 w-fit">
        {(filter) => t(`admin.dues.${filter}`)}
      </FilterButtons>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <FilterButtons label={t('admin.sortLabel')} options={ticketSorts} value={sort} onChange={setSort} className="w-fit">
          {(filter) => t(`admin.sorts.${filter}`)}
        </FilterButtons>
        {/* a plain link: the browser saves the streamed file itself */}
        <a href={ticketsExportUrl(filters, language)} download className={buttonClasses('outline', 'sm')} data-testid="tickets-csv">
          <Download className="size-4" aria-hidden />
          {t('admin.exportCsv')}
        </a>
      </div>

      <ListResults
        query={tickets}
        rows={list.length}
        className="mt-6"
        loading={t('admin.loading')}
        loadError={t('admin.loadFailed')}
        errorDetail={errorMessage(t, tickets.error)}
        empty={
          <EmptyState
            icon={search.query ? SearchX : Inbox}
            message={search.query ? t('admin.noneFound') : status === 'all' ? t(`admin.empty.${origin}`) : t('admin.emptyStatus')}
            className="rounded-2xl border border-dashed border-line"
          />
        }
        paging={{ loadMore: t('admin.loadMore'), loadingMore: t('admin.loadingMore') }}
      >
        <ul className="space-y-4" aria-label={t(`admin.filters.${origin}`)}>
          {list.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      </ListResults>
    </ListPage>
  );
}
