import { CalendarPlus, Download } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { buttonClasses } from '@client/components/ui/button-classes';
import { InlineLoading } from '@client/components/ui/data-views';
import { useCalendarLink, useChangeCalendarLink } from '@client/lib/api/compliance';
import { useComplianceCopy } from '@client/lib/compliance-copy';

/**
 * "Add to calendar": makes the company's secret feed URL, to subscribe to (copy) or
 * download, and revokes it. The URL is shown only right after it is made: the server keeps its hash.
 */
export function CalendarLink({ orderId }: { orderId: string }) {
  const { t, format } = useComplianceCopy();
  const link = useCalendarLink(orderId);
  const change = useChangeCalendarLink(orderId);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const inputId = useId();
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (link.isPending) return <InlineLoading label={t('calendar.loading')} className="py-2" />;
  if (link.isError) return <p className="text-sm text-red-700 dark:text-red-400">{t('calendar.error')}</p>;
  const { active, createdAt, url } = change.data ?? link.data;
  const busy = change.isPending ? change.variables : null;
  const copy = () =>
    (navigator.clipboard?.writeText(url ?? '') ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );

  return (
    <div className="mt-3 rounded-lg border border-line p-3 text-sm" data-testid="calendar-link">
      <p className="font-semibold">{t('calendar.title')}</p>
      <p className="mt-1 text-muted">{t('calendar.intro')}</p>
      {url && (
        <div className="mt-2 space-y-2">
          <label htmlFor={inputId} className="block font-medium">
            {t('calendar.urlLabel')}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={inputId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-line bg-surface px-2 py-1 font-mono text-xs"
            />
            <Button variant={copied === 'copied' ? 'primary' : 'outline'} size="sm" onClick={() => void copy()}>
              {t(`calendar.copy.${copied}`)}
            </Button>
          </div>
          <span role="status" className="sr-only">
            {copied === 'idle' ? '' : t(`calendar.copy.${copied}`)}
          </span>
          <a href={url} download="compliance.ics" className={buttonClasses('outline', 'sm')}>
            <Download className="size-4" aria-hidden />
            {t('calendar.download')}
          </a>
        </div>
      )}
      {active && !url && createdAt && <p className="mt-2">{t('calendar.active', { date: format.longDay(createdAt.slice(0, 10)) })}</p>}
      {change.isError && (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          {t('calendar.changeError')}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant={active ? 'outline' : 'primary'} size="sm" busy={busy === 'POST'} disabled={busy === 'DELETE'} onClick={() => change.mutate('POST')}>
          <CalendarPlus className="size-4" aria-hidden />
          {active ? t('calendar.replace') : t('calendar.add')}
        </Button>
        {active && (
          <Button variant="outline" size="sm" busy={busy === 'DELETE'} disabled={busy === 'POST'} onClick={() => change.mutate('DELETE')}>
            {t('calendar.revoke')}
          </Button>
        )}
      </div>
    </div>
  );
}
