import { ExternalLink, type LucideIcon, RotateCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { Button, Spinner } from './button';

/*
 * The pieces every page that shows server data is built from: the panel a block sits in, the link
 * to a private file, and the loading, failed and empty states. One module, so the pages look and
 * read the same, and load one small chunk for all of it.
 */

interface PanelProps {
  /** a titled panel is a named region, so screen readers can jump between them */
  title?: string;
  icon?: LucideIcon;
  /** a line under the title */
  lead?: string;
  /** e.g. a count or a badge, at the title's right */
  aside?: ReactNode;
  /** the back office's denser card: less padding, a small uppercase title */
  compact?: boolean;
  className?: string;
  children: ReactNode;
}

/** The card a block of a page sits in. */
export function Panel({ title, icon: Icon, lead, aside, compact = false, className = '', children }: PanelProps) {
  const id = useId();
  const titled = Boolean(title);
  return (
    <section
      aria-labelledby={titled ? id : undefined}
      className={`min-w-0 border border-line bg-surface shadow-sm ${compact ? 'rounded-xl p-4 sm:p-5' : 'rounded-2xl p-5 sm:p-6'} ${className}`}
    >
      {(titled || aside) && (
        <div className="mb-4 flex items-start justify-between gap-3">
          <div className="min-w-0">
            {titled && (
              <h2 id={id} className={`flex items-center gap-2 font-semibold text-fg ${compact ? 'text-sm tracking-wide uppercase' : 'text-base'}`}>
                {Icon && <Icon className="size-4 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />}
                {title}
              </h2>
            )}
            {lead && <p className="mt-1 text-sm text-muted">{lead}</p>}
          </div>
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}

/**
 * A private file opened in a new tab. A plain link on purpose: the browser sends the session
 * cookie, and the server checks owner-or-admin before it streams the file. Long file names wrap.
 */
export function FileLink({
  href,
  children,
  wrap = 'anywhere',
}: {
  href: string;
  children: ReactNode;
  /** 'words' for a sentence (a document's name), 'anywhere' for a file name */ wrap?: 'anywhere' | 'words';
}) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={`inline-flex items-center gap-1.5 rounded font-medium ${wrap === 'words' ? 'break-words' : 'break-all'} text-brand-700 underline-offset-4 hover:underline dark:text-gold-300`}
    >
      {children}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">{t('common:opensInNewTab')}</span>
    </a>
  );
}

interface ErrorBoxProps {
  /** what failed, e.g. 'Failed to load orders' */
  title: string;
  /** the reason (e.g. the server's translated message), when there is one worth showing */
  detail?: string;
  /** offers Try Again when given */
  onRetry?: () => void;
  /** true while the retry is on its way: the button is busy */
  retrying?: boolean;
  className?: string;
}

/**
 * docs/product.md, "Messages": the red box a failed read or action shows, announced at once (role alert);
 * its Try Again asks again. Every page uses this one, in the interface language.
 */
export function ErrorBox({ title, detail, onRetry, retrying = false, className = '' }: ErrorBoxProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={`flex flex-col items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950/60 dark:text-red-200 ${className}`}
    >
      <div className="flex min-w-0 gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="min-w-0 break-words">
          <p className="font-semibold">{title}</p>
          {detail && <p className="mt-0.5">{detail}</p>}
        </div>
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" className="shrink-0" onClick={onRetry} busy={retrying}>
          {!retrying && <RotateCw className="size-4" aria-hidden />}
          {t('common:tryAgain')}
        </Button>
      )}
    </div>
  );
}

/** A spinner with its label spelled out (a polite status), for a section, not a whole page, that is loading. */
export function InlineLoading({ label, className = 'py-10' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 text-sm text-muted ${className}`}>
      <Spinner className="size-5 text-brand-600 dark:text-gold-300" />
      <span>{label}</span>
    </div>
  );
}

interface EmptyStateProps {
  icon: LucideIcon;
  /** a short heading, when the state deserves one (e.g. 'No orders yet') */
  title?: string;
  /** the heading's level in the page's outline */
  headingLevel?: 2 | 3;
  /** what is (not) there, or why */
  message: string;
  /** the way on, e.g. a link to create the first one */
  action?: ReactNode;
  /** e.g. a dashed frame where the surrounding box has none */
  className?: string;
}

/** A list with nothing in it: an icon, what that means and, where there is one, the way on. */
export function EmptyState({ icon: Icon, title, headingLevel = 2, message, action, className = '' }: EmptyStateProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div className={`flex flex-col items-center px-6 py-12 text-center ${className}`}>
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-gold-300">
        <Icon className="size-7" aria-hidden />
      </span>
      {title && <Heading className="mt-4 text-lg font-bold">{title}</Heading>}
      <p className={`max-w-sm text-muted ${title ? 'mt-1 text-sm' : 'mt-4'}`}>{message}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/** What a paged list needs of TanStack Query's infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

interface LoadMoreFooterProps {
  query: PagedQuery;
  /** "Showing 20 of 1,234", where the server counts the rows */
  showing?: string;
  loadMore: string;
  /** the button's words while the next page loads, where they change */
  loadingMore?: string;
  loadError: string;
  errorDetail: string;
}

/**
 * Under a keyset-paged list: "Showing 20 of 1,234", Load more while there is a next page, and
 * the error of a failed next page (the rows already shown stay).
 */
export function LoadMoreFooter({ query, showing, loadMore, loadingMore = loadMore, loadError, errorDetail }: LoadMoreFooterProps) {
  return (
    <div className="mt-4 flex flex-col items-center gap-3">
      {query.isFetchNextPageError && <ErrorBox title={loadError} detail={errorDetail} />}
      {showing && <p className="text-xs text-muted">{showing}</p>}
      {query.hasNextPage && (
        <Button variant="outline" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? loadingMore : loadMore}
        </Button>
      )}
    </div>
  );
}
