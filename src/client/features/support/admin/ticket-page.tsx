import { ArrowLeft } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import type { TTicketMessage } from '@shared/support';
import { Button } from '@client/components/ui/button';
import { ErrorBox, InlineLoading } from '@client/components/ui/data-views';
import { ActionFeedbackProvider } from '@client/components/action-feedback';
import { MessageForm } from '@client/components/message-form';
import { OwnerControl } from '@client/components/owner-control';
import { supportTicketKeys } from '@client/lib/api/support';
import { useAddTicketMessage, useSetTicketStatus, useTicketThread } from '@client/lib/api/admin-tickets';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { useListSearchToReturnTo } from '@client/lib/use-list-search-state';
import { useLanguage } from '@client/lib/use-formats';
import { TicketStatusBadge } from './ticket-list';
import { formatDate } from '@shared/formats';
import { paths } from '@shared/client-paths';

/** One entry of the thread: the request, a reply (emailed) or an internal note (shaded, labelled). */
function ThreadEntry({ kind, author, body, createdAt }: { kind: 'request' | TTicketMessage['kind']; author: string; body: string; createdAt: string }) {
  const { t } = useTranslation('support');
  const language = useLanguage();
  const tone = {
    request: 'border-line bg-surface',
    reply: 'border-brand-200 bg-brand-50 dark:border-brand-700 dark:bg-brand-900',
    note: 'border-dashed border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950',
  }[kind];
  return (
    <li className={`rounded-xl border p-4 ${tone}`} data-testid={`thread-${kind}`}>
      <p className="text-xs font-semibold text-muted">
        {t(`admin.thread.kind.${kind}`)} · {author} ·{' '}
        <time dateTime={createdAt}>{formatDate(createdAt, language, { dateStyle: 'medium', timeStyle: 'short' })}</time>
      </p>
      <p className="mt-2 whitespace-pre-line break-words">{body}</p>
    </li>
  );
}

/** /admin/tickets/:id: the thread; reply (emailed in the ticket's language), note, close or reopen. */
export function TicketPage({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation(['support', 'admin', 'common']);
  usePageTitle(t('admin.thread.title'));
  const thread = useTicketThread(ticketId);
  const reply = useAddTicketMessage(ticketId, 'reply');
  const note = useAddTicketMessage(ticketId, 'note');
  const setStatus = useSetTicketStatus(ticketId);
  // back to the search and filters the admin came from
  const listSearch = useListSearchToReturnTo();

  const back = (
    <Link
      to={paths.adminTickets({ search: listSearch })}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-gold-300"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t('admin.thread.back')}
    </Link>
  );
  if (thread.isPending) return <InlineLoading label={t('admin.loading')} className="py-24" />;
  if (thread.isError) {
    return (
      <section className="mx-auto max-w-3xl space-y-4 px-4 py-10">
        {back}
        <ErrorBox
          title={t('admin.thread.loadError')}
          detail={errorMessage(t, thread.error)}
          onRetry={() => void thread.refetch()}
          retrying={thread.isFetching}
        />
      </section>
    );
  }

  const { ticket, messages } = thread.data;
  const closed = ticket.status === 'closed';
  const languageName = t(`admin.thread.language.${ticket.language}`);
  return (
    <ActionFeedbackProvider>
      <section className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        {back}
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{ticket.name}</h1>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="mt-1 text-sm break-all text-muted">
          {ticket.email} · {t(ticket.origin ? 'admin.origin.affiliate' : 'admin.origin.support')} · {languageName}
        </p>

        <div className="mt-6">
          <OwnerControl item={{ kind: 'ticket', id: ticket.id }} assigneeId={ticket.assigneeId} refresh={supportTicketKeys.all} />
        </div>

        <h2 className="mt-8 mb-3 text-lg font-semibold">{t('admin.thread.heading')}</h2>
        <ol className="space-y-3" data-testid="ticket-thread">
          <ThreadEntry kind="request" author={ticket.name} body={ticket.message} createdAt={ticket.createdAt} />
          {messages.map((message) => (
            <ThreadEntry
              key={message.id}
              kind={message.kind}
              author={message.author ?? t('admin.thread.formerAdmin')}
              body={message.body}
              createdAt={message.createdAt}
            />
          ))}
        </ol>

        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border border-line bg-surface p-4">
            <MessageForm
              label={t('admin.thread.replyLabel')}
              hint={t('admin.thread.replyHint', { email: ticket.email, language: languageName })}
              submit={t('admin.thread.send')}
              submitting={t('admin.thread.sending')}
              done={t('admin.thread.sent')}
              mutation={reply}
              testId="ticket-reply-form"
            />
          </div>
          <div className="rounded-xl border border-line bg-surface p-4">
            <MessageForm
              label={t('admin.thread.noteLabel')}
              hint={t('admin.thread.noteHint')}
              submit={t('admin.thread.addNote')}
              submitting={t('admin.thread.addingNote')}
              done={t('admin.thread.noteAdded')}
              mutation={note}
              testId="ticket-note-form"
            />
          </div>
        </div>

        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button variant="outline" busy={setStatus.isPending} onClick={() => setStatus.mutate(closed ? 'open' : 'closed')}>
            {t(closed ? 'admin.thread.reopen' : 'admin.thread.close')}
          </Button>
          {setStatus.isError && <ErrorBox title={t('admin.thread.statusFailed')} detail={errorMessage(t, setStatus.error)} />}
        </div>
      </section>
    </ActionFeedbackProvider>
  );
}
