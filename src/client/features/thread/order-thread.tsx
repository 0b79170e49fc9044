import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TOrderMessage } from '@shared/order-messages';
import { Spinner } from '@client/components/ui/button';
import { ErrorBox, Panel } from '@client/components/ui/data-views';
import { useMarkThreadRead, useOrderThread } from '@client/lib/api/order-messages';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import { useBasicFormats } from '@client/lib/use-language';
import { AttachmentList, type Side } from './components/attachments';
import { Composer } from './components/composer';
import type { ThreadTemplates } from './components/template-picker';
import { Linkified } from './components/linkified';
import { RequestCard } from './components/request-card';

/**
 * An order's thread, for its customer (the dashboard's order) and for the team (the
 * admin order page): the messages oldest first, each with its author, time and whether the other
 * side read it, then the composer. New messages from the other side are announced politely; the
 * thread is marked read while it is open.
 */
export function OrderThread({ orderId, side, compact = false, templates }: { orderId: string; side: Side; compact?: boolean; templates?: ThreadTemplates }) {
  const { t } = useTranslation('messages');
  const thread = useOrderThread(orderId);
  const markRead = useMarkThreadRead(orderId);
  const messages = thread.data?.messages;
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<number | null>(null);
  const fromOtherSide = (message: TOrderMessage) => message.fromTeam === (side === 'customer');
  const authorLabel = (message: TOrderMessage) =>
    message.fromTeam ? (message.author ? t('teamMember', { name: message.author }) : t('team')) : (message.author ?? t('formerCustomer'));

  useEffect(() => {
    if (!messages) return;
    // a new message from the other side, since the thread was first shown: said, not only shown
    const newOnes = seen.current === null ? [] : messages.slice(seen.current).filter(fromOtherSide);
    seen.current = messages.length;
    const latest = newOnes.at(-1);
    if (latest) setAnnouncement(t('announce', { author: authorLabel(latest) }));
    if (messages.some((message) => fromOtherSide(message) && !message.readAt)) markRead.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer of the server
  }, [messages]);

  return (
    <Panel title={t('title')} icon={MessagesSquare} compact={compact} lead={t(side === 'customer' ? 'leadCustomer' : 'leadTeam')}>
      {thread.isPending && (
        // the height of the empty thread's line, and the composer already below: nothing moves once it loads
        <p role="status" className="mb-4 flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" />
          {t('loading')}
        </p>
      )}
      {thread.isError && (
        <ErrorBox title={t('loadFailed')} detail={errorMessage(t, thread.error)} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />
      )}
      {messages && messages.length === 0 && <p className="mb-4 text-sm text-muted">{t(side === 'customer' ? 'emptyCustomer' : 'emptyTeam')}</p>}
      {messages && messages.length > 0 && (
        <ol aria-label={t('title')} className="mb-4 space-y-3" data-testid="order-thread">
          {messages.map((message) => (
            <li
              key={message.id}
              data-testid="thread-message"
              className={`rounded-lg px-3 py-2 ${message.mine ? 'ml-4 bg-brand-50 sm:ml-10 dark:bg-brand-800' : 'mr-4 border border-line bg-surface-muted sm:mr-10'}`}
            >
              <p className="text-xs text-muted">
                <span className="font-semibold text-fg">{authorLabel(message)}</span> · <Time iso={message.createdAt} />
              </p>
              {message.answered && (
                <p className="mt-1 text-xs font-semibold text-muted">
                  {message.answered.document ? t('answeredDocument', { document: t(`documents.${message.answered.document}`) }) : t('answeredRequest')}
                </p>
              )}
              {message.body && (
                <p className="mt-1 text-sm whitespace-pre-wrap text-fg wrap-anywhere">
                  <Linkified text={message.body} />
                </p>
              )}
              <AttachmentList orderId={orderId} files={message.attachments} />
              {message.request && <RequestCard orderId={orderId} request={message.request} side={side} />}
              {message.mine && <p className="mt-1 text-xs text-muted">{message.readAt ? t('read') : t('sent')}</p>}
            </li>
          ))}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {!thread.isError && <Composer orderId={orderId} side={side} templates={templates} />}
    </Panel>
  );
}

function Time({ iso }: { iso: string }) {
  const format = useBasicFormats();
  return <time dateTime={iso}>{format.dateTime(iso)}</time>;
}
