import { RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { adminUploadAccept } from '@shared/admin';
import type { TOrderDocument } from '@shared/orders';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/field';
import { useDeleteOrderDocument, useReplaceOrderDocument } from '@client/lib/api/admin-orders';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { uploadErrorMessage } from './upload-error-message';

/**
 * A document uploaded by mistake is replaced (a new file in its place) or deleted, after
 * a confirm step. The buttons name the file for screen readers; both are disabled while either runs.
 */
interface DocumentActionsProps {
  orderId: string;
  document: TOrderDocument;
  /** an action starts (the page clears the previous confirmation) */
  onStart: () => void;
  /** the new file's row replaces this one, so the list says it was replaced */
  onReplaced: (fileName: string) => void;
  /** the row is gone, so the list says it was deleted */
  onDeleted: (fileName: string) => void;
}

export function DocumentActions({ orderId, document, onStart, onReplaced, onDeleted }: DocumentActionsProps) {
  const { t, i18n } = useAdminTranslation();
  const replace = useReplaceOrderDocument(orderId);
  const remove = useDeleteOrderDocument(orderId);
  const [confirming, setConfirming] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const questionId = useId();
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);
  const busy = replace.isPending || remove.isPending;

  const start = () => {
    onStart();
    replace.reset();
    remove.reset();
  };
  const error = replace.isError ? uploadErrorMessage(t, i18n, replace.error) : remove.isError ? uploadErrorMessage(t, i18n, remove.error) : null;

  if (confirming) {
    return (
      <div
        role="group"
        aria-labelledby={questionId}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !busy) setConfirming(false);
        }}
        className="flex flex-col gap-2 sm:items-end"
      >
        {/* focus moves to the question when it opens, so it is read first */}
        <p id={questionId} ref={question} tabIndex={-1} className="text-sm font-medium break-words outline-none">
          {t('documents.confirmDelete', { name: document.fileName })}
        </p>
        {error && <FormError message={error} />}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="danger"
            busy={remove.isPending}
            onClick={() => {
              start();
              remove.mutate(document.id, {
                onSuccess: () => {
                  setConfirming(false);
                  onDeleted(document.fileName);
                },
              });
            }}
          >
            {remove.isPending ? t('documents.deleting') : t('documents.confirmYes')}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
            {t('documents.confirmCancel')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <input
          ref={picker}
          type="file"
          accept={adminUploadAccept}
          tabIndex={-1}
          aria-hidden
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            start();
            replace.mutate({ documentId: document.id, file }, { onSuccess: (replaced) => onReplaced(replaced.fileName) });
          }}
        />
        {/* the name starts with the visible text and adds which file */}
        <Button
          size="sm"
          variant="outline"
          busy={replace.isPending}
          aria-label={`${t('documents.replace')} ${document.fileName}`}
          onClick={() => picker.current?.click()}
        >
          {!replace.isPending && <RefreshCw className="size-4" aria-hidden />}
          {replace.isPending ? t('documents.replacing') : t('documents.replace')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={`${t('documents.delete')} ${document.fileName}`}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          <Trash2 className="size-4" aria-hidden />
          {t('documents.delete')}
        </Button>
      </div>
      {error && <FormError message={error} />}
    </div>
  );
}
