import type { ReactNode } from 'react';
import { ErrorBox, InlineLoading, LoadMoreFooter, type PagedQuery } from './ui/data-views';

/*
 * The shell of the administrators' list pages (orders, users, tickets, deadlines, integrations):
 * one heading block, one order of states (loading, failed, empty, the rows) and one paging footer,
 * so the back office reads the same from page to page. The page keeps its own data, controls and
 * rows; the pieces come from ./ui/data-views.
 */

const widths = { wide: 'max-w-7xl', medium: 'max-w-5xl', narrow: 'max-w-4xl' };

interface ListPageProps {
  /** the page's h1 */
  title: string;
  /** one or two sentences under it */
  lead: string;
  /** at the heading's right (under it on phones): the total, or an action */
  aside?: ReactNode;
  /** wide for tables, narrow for cards that hold running text */
  width?: keyof typeof widths;
  /** the panels and controls, then <ListResults> */
  children: ReactNode;
}

/** An administrators' page: its heading and lead, what stands beside them, then the page. */
export function ListPage({ title, lead, aside, width = 'wide', children }: ListPageProps) {
  return (
    <div className={`mx-auto ${widths[width]} px-4 py-6 sm:py-8`}>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {/* one measure, whether the aside has arrived or not: nothing moves when it does */}
          <p className="mt-1 max-w-2xl text-sm text-muted">{lead}</p>
        </div>
        {aside}
      </div>
      {children}
    </div>
  );
}

/** "1,234 orders" beside the heading, read out when a search or a filter changes it. */
export function ListTotal({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="text-sm font-medium text-muted" aria-live="polite" data-testid={testId}>
      {children}
    </p>
  );
}

/** What the states need of a TanStack Query result (infinite or not). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** the previous search's rows, shown while the next one loads */
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

/** The paging footer's words; the failure of a next page reads as the list's. */
interface PagingTexts {
  /** "Showing 20 of 1,234", where the server counts the rows */
  showing?: string;
  loadMore: string;
  /** the button's words while the next page loads, where they change */
  loadingMore?: string;
}

interface ListResultsProps<Query extends ListQuery> {
  query: Query;
  /** how many rows are shown; 0 shows `empty`. Left out on a page that is not a list. */
  rows?: number;
  /** the loading state's label */
  loading: string;
  /** the failure's title, and its reason (the server's translated message) when worth showing */
  loadError: string;
  errorDetail?: string;
  /** an <EmptyState>: what an empty list (or an empty search) means */
  empty?: ReactNode;
  /** the rows and the empty state in one bordered card (a table and its phone cards) */
  framed?: boolean;
  /** a keyset-paged list (an infinite query): Load more under the rows, while they are not stale */
  paging?: Query extends PagedQuery ? PagingTexts : never;
  className?: string;
  children: ReactNode;
}

/**
 * Loading, then failed (with Try Again) while nothing is shown yet, then the empty state or the
 * rows. A failure with rows on screen (a next page, a refresh) keeps them: the footer says it.
 * The previous search's rows stay, dimmed, while the next search loads.
 */
export function ListResults<Query extends ListQuery>({
  query,
  rows,
  loading,
  loadError,
  errorDetail = '',
  empty,
  framed = false,
  paging,
  className = 'mt-4',
  children,
}: ListResultsProps<Query>) {
  const stale = query.isPlaceholderData;
  const shown = rows ?? 0;
  return (
    <>
      <div className={className}>
        {query.isPending ? (
          <InlineLoading label={loading} />
        ) : query.isError && shown === 0 ? (
          <ErrorBox title={loadError} detail={errorDetail} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <div
            className={`transition-opacity ${framed ? 'overflow-hidden rounded-xl border border-line bg-surface shadow-sm' : ''} ${stale ? 'opacity-60' : ''}`}
            aria-busy={stale || undefined}
          >
            {rows === 0 ? empty : children}
          </div>
        )}
      </div>
      {/* `paging` is typed away unless the query is paged: the cast only says so to the footer */}
      {paging && shown > 0 && !stale && <LoadMoreFooter query={query as unknown as PagedQuery} {...paging} loadError={loadError} errorDetail={errorDetail} />}
    </>
  );
}
