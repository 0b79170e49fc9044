import { MessagesSquare } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { TOrderMessage } from '@shared/order-messages';
import { orderMessageMaxLength } from '@shared/support-rules';
import { Button, Spinner } from '@client/components/ui/button';
import { ErrorBox, Panel } from '@client/components/ui/data-views';
import { CountedTextArea } from '@client/components/ui/counted-textarea';
import { ApiError } from '@client/lib/api-client';
import { useMarkThreadRead, useOrderThread, usePostMessage } from '@client/lib/api/order-messages';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useBasicFormats } from '@client/lib/use-language';

/** http(s) addresses in a message; anything else (javascript:, data:) stays text. */
const addressPattern = /(https?:\/\/[^\s<>"']+)/g;
/** Punctuation that ends a sentence after an address is not part of it. */
const trailingPunctuation = /[.,;:!?)\]]+$/;

/** A message's text with its web addresses as links (React escapes the rest: HTML someone typed stays text). */
function Linkified({ text }: { text: string }) {
  return text.split(addressPattern).map((part, index) => {
    if (index % 2 === 0) return part;
    const trailing = trailingPunctuation.exec(part)?.[0] ?? '';
    const address = part.slice(0, part.length - trailing.length);
    return (
      <span key={index}>
        <a href={address} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline dark:text-gold-300">
          {address}
        </a>
        {trailing}
      </span>
    );
  });
}

type Side = 'customer' | 'team';

/**
 * An order's thread (issue 34), for its customer (the dashboard's order) and for the team (the
 * admin order page): the messages oldest first, each with its author, time and whether the other
 * side read it, then the composer. New messages from the other side are announced politely; the
 * thread is marked read while it is open.
 */
export function OrderThread({ orderId, side, compact = false }: { orderId: string; side: Side; compact?: boolean }) {
  const { t } = useTranslation('messages');
  const thread = useOrderThread(orderId);
  const markRead = useMarkThreadRead(orderId);
  const messages = thread.data?.messages;
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<number | null>(null);
  const fromOtherSide = (message: TOrderMessage) => message.fromTeam === (side === 'customer');
  const authorLabel = (message: TOrderMessage) =>
    message.fromTeam ?
      message.author ? t('teamMember', { name: message.author })
      : t('team')
    : (message.author ?? t('formerCustomer'));

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
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" />
          {t('loading')}
        </p>
      )}
      {thread.isError && <ErrorBox title={t('loadFailed')} detail={errorMessage(t, thread.error)} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />}
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
              <p className="mt-1 text-sm whitespace-pre-wrap text-fg wrap-anywhere">
                <Linkified text={message.body} />
              </p>
              {message.mine && (
                <p className="mt-1 text-xs text-muted">
                  {message.readAt ?
                    t('read')
                  : t('sent')}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {messages && <Composer orderId={orderId} />}
    </Panel>
  );
}

function Time({ iso }: { iso: string }) {
  const format = useBasicFormats();
  return <time dateTime={iso}>{format.dateTime(iso)}</time>;
}

/** The text box under the thread: up to 4,000 characters; after sending, it is empty and keeps the keyboard. */
function Composer({ orderId }: { orderId: string }) {
  const { t } = useTranslation('messages');
  const { number } = useBasicFormats();
  const post = usePostMessage(orderId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const tooLong = trimmed.length > orderMessageMaxLength;
    if (!trimmed || tooLong) {
      setProblem(t(tooLong ? 'tooLong' : 'required'));
      field.current?.focus();
      return;
    }
    setProblem(null);
    post.mutate(text, {
      onSuccess: () => {
        setText('');
        field.current?.focus();
      },
      onError: (error) => {
        const key = error instanceof ApiError ? error.fields.body : undefined;
        setProblem(key ? translateMessage(t, key) : errorMessage(t, error));
        field.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={send} noValidate className="space-y-2">
      <CountedTextArea
        label={t('composerLabel')}
        value={text}
        onChange={(next) => {
          setText(next);
          setProblem(null);
        }}
        count={t('count', { count: number(text.length), max: number(orderMessageMaxLength) })}
        error={problem}
        fieldRef={field}
      />
      <Button type="submit" size="sm" busy={post.isPending}>
        {post.isPending ? t('sending') : t('send')}
      </Button>
    </form>
  );
}
