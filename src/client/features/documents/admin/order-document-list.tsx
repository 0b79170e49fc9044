import { CheckCircle2, FileText } from 'lucide-react';
import { useState } from 'react';
import { useActionFeedback } from '@client/components/action-feedback';
import { ErrorBox, FileLink, InlineLoading } from '@client/components/ui/data-views';
import { documentFileUrl, useOrderDocuments } from '@client/lib/api/orders';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { DocumentActions } from './document-actions';

/** The documents added to the order, newest first (as the server sends them), each opening in a new tab, each replaceable or deletable. */
export function OrderDocumentList({ orderId }: { orderId: string }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const documents = useOrderDocuments(orderId);
  const feedback = useActionFeedback();
  const [done, setDone] = useState<string | null>(null);
  const start = () => {
    feedback.begin();
    setDone(null);
  };

  // the row an action changed may be gone, so the confirmation lives here
  const confirmation = done && feedback.showSuccess && (
    <p role="status" className="mt-2 flex items-center gap-2 text-sm font-medium text-green-800 dark:text-green-300">
      <CheckCircle2 className="size-4 shrink-0" aria-hidden />
      {done}
    </p>
  );

  // one line, as tall as the empty list's: the upload form below does not move when it answers
  if (documents.isPending) return <InlineLoading label={t('documents.loading')} className="h-5" />;
  if (documents.isError) return <ErrorBox title={t('documents.loadError')} onRetry={() => void documents.refetch()} retrying={documents.isFetching} />;
  if (documents.data.length === 0)
    return (
      <>
        <p className="text-sm text-muted">{t('documents.empty')}</p>
        {confirmation}
      </>
    );
  return (
    <>
      <ul className="divide-y divide-(--border) text-sm" data-testid="order-documents">
        {documents.data.map((document) => (
          <li key={document.id} className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
            <span className="flex min-w-0 items-center gap-2">
              <FileText className="size-4 shrink-0 text-muted" aria-hidden />
              <FileLink href={documentFileUrl(document.id)}>{document.fileName}</FileLink>
            </span>
            <span className="flex shrink-0 flex-col gap-2 pl-6 sm:items-end sm:pl-0">
              <span className="text-xs text-muted">
                {t(`documents.kinds.${document.kind}`)} · {t('documents.added', { date: format.dateTime(document.createdAt) })}
              </span>
              <DocumentActions
                orderId={orderId}
                document={document}
                onStart={start}
                onReplaced={(name) => setDone(t('documents.replaced', { name }))}
                onDeleted={(name) => setDone(t('documents.deleted', { name }))}
              />
            </span>
          </li>
        ))}
      </ul>
      {confirmation}
    </>
  );
}
