import { Component, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { isChunkLoadError, isReloading, reloadOnce } from '@client/lib/chunk-reload';
import { publicConfig } from '@client/lib/public-config';
import { buttonClasses } from './ui/button-classes';
import { PageSpinner } from './ui/page-spinner';
import { paths } from '@shared/client-paths';

interface Props {
  children: ReactNode;
  /** when it changes (the path, for a layout), a shown error is cleared: a link out of a broken page works */
  resetKey?: string;
}

/**
 * Catches a render error or a failed page chunk below it and shows the error screen in its place,
 * so the header, the language switch and the links around it keep working. A failed chunk first
 * reloads the page once (see chunk-reload.ts).
 */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    // the page is going away: swap the error screen for a spinner until it does
    if (isChunkLoadError(error) && reloadOnce()) this.forceUpdate();
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isReloading()) return <PageSpinner />;
    return <ErrorScreen chunk={isChunkLoadError(error)} retry={() => this.setState({ error: null })} />;
  }
}

/** What a visitor sees instead of a blank page: what happened, and three ways on. */
export function ErrorScreen({ chunk, retry }: { chunk: boolean; retry: () => void }) {
  const { t } = useTranslation('common');
  const heading = useRef<HTMLHeadingElement>(null);
  // screen readers and keyboards land on the news, not on whatever had focus in the broken page
  useEffect(() => heading.current?.focus(), []);
  const email = publicConfig.supportEmail;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" data-testid="error-screen">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {t('failure.title')}
      </h1>
      <p className="mt-3 text-muted">{t(chunk ? 'failure.chunk' : 'failure.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* a missing chunk needs the new index.html: only a reload brings it */}
        <button type="button" className={buttonClasses('primary')} onClick={chunk ? () => window.location.reload() : retry}>
          {t(chunk ? 'failure.reload' : 'failure.retry')}
        </button>
        {/* a full page load, not the router: whatever broke is left behind */}
        <a href={paths.home()} className={buttonClasses('outline')}>
          {t('notFound.home')}
        </a>
      </div>
      <p className="mt-6 text-sm text-muted">
        {t('footer.contactLead')}{' '}
        <a className="font-medium text-brand-700 underline dark:text-gold-300" href={`mailto:${email}`}>
          {email}
        </a>
      </p>
    </section>
  );
}
