import { StickyNote } from 'lucide-react';
import { ErrorBox, InlineLoading, Panel } from '@client/components/ui/data-views';
import { useAddOrderNote, useOrderNotes } from '@client/lib/api/admin-orders';
import { errorMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { MessageForm } from '@client/components/message-form';

/** Internal notes on an order: for the team, never shown to the customer. */
export function OrderNotesPanel({ orderId }: { orderId: string }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const notes = useOrderNotes(orderId);
  const add = useAddOrderNote(orderId);
  return (
    <Panel compact title={t('notes.title')} icon={StickyNote} lead={t('notes.lead')}>
      <div className="space-y-4">
        {notes.isPending ? (
          <InlineLoading label={t('notes.loading')} className="py-4" />
        ) : notes.isError ? (
          <ErrorBox title={t('notes.loadError')} detail={errorMessage(t, notes.error)} onRetry={() => void notes.refetch()} retrying={notes.isFetching} />
        ) : notes.data.notes.length === 0 ? (
          <p className="text-sm text-muted">{t('notes.empty')}</p>
        ) : (
          <ol className="space-y-3" data-testid="order-notes">
            {notes.data.notes.map((note) => (
              <li key={note.id} className="rounded-lg border border-line bg-surface-muted p-3 text-sm">
                <p className="whitespace-pre-line break-words">{note.body}</p>
                <p className="mt-1.5 text-xs text-muted">
                  {note.author ?? t('notes.formerAdmin')} · <time dateTime={note.createdAt}>{format.dateTime(note.createdAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
        <MessageForm
          label={t('notes.label')}
          submit={t('notes.add')}
          submitting={t('notes.adding')}
          done={t('notes.added')}
          mutation={add}
          testId="order-note-form"
        />
      </div>
    </Panel>
  );
}
