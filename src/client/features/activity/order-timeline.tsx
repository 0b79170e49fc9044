import { Activity } from 'lucide-react';
import { useState } from 'react';
import { timelineSentence, type TTimelineEntry } from '@shared/timeline';
import { ErrorBox, InlineLoading, Panel } from '@client/components/ui/data-views';
import { Button } from '@client/components/ui/button';
import { useOrderTimeline } from '@client/lib/api/admin-orders';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/** How many entries show before "Show all". */
const firstEntries = 12;
/** The sentence of one timeline or activity entry, in the interface language. */
export function useTimelineSentence() {
  const { t } = useTranslation(['admin', 'milestones']);
  const { language } = useFormats();
  return (entry: Pick<TTimelineEntry, 'kind' | 'detail'>) => timelineSentence(entry, t, language);
}

/**
 * The order's whole history in one timeline: who did what, when, newest first, from
 * every source the server keeps (status, audit, documents, notes, messages, payments, views).
 */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const timeline = useOrderTimeline(orderId);
  const sentence = useTimelineSentence();
  const [all, setAll] = useState(false);
  const entries = timeline.data?.entries ?? [];
  const shown = all ? entries : entries.slice(0, firstEntries);
  return (
    <Panel compact title={t('timeline.title')} icon={Activity} lead={t('timeline.lead')}>
      {timeline.isPending && <InlineLoading label={t('timeline.loading')} className="py-4" />}
      {timeline.isError && (
        <ErrorBox
          title={t('timeline.loadError')}
          detail={errorMessage(t, timeline.error)}
          onRetry={() => void timeline.refetch()}
          retrying={timeline.isFetching}
        />
      )}
      {timeline.isSuccess && entries.length === 0 && <p className="text-sm text-muted">{t('timeline.empty')}</p>}
      {shown.length > 0 && (
        <ol className="space-y-3 border-l-2 border-line pl-4" data-testid="order-timeline">
          {shown.map((entry, i) => (
            <li key={`${entry.at}-${entry.kind}-${i}`} className="text-sm">
              <p className="break-words text-fg wrap-anywhere">{sentence(entry)}</p>
              <p className="text-xs text-muted">
                <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> · {entry.actor ?? t('timeline.system')}
              </p>
            </li>
          ))}
        </ol>
      )}
      {!all && entries.length > firstEntries && (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setAll(true)}>
          {t('timeline.showAll', { formatted: format.number(entries.length) })}
        </Button>
      )}
    </Panel>
  );
}
