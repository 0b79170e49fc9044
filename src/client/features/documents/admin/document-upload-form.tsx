import { CheckCircle2, Upload } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { customerDocumentKinds, type CustomerDocumentKind } from '@shared/customer-documents';
import { Field, inputClasses } from '@client/components/ui/field';
import { useUploadOrderDocument } from '@client/lib/api/admin-orders';
import { useActionFeedback } from '@client/components/action-feedback';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { uploadErrorMessage } from './upload-error-message';
import { FileChooser } from './file-chooser';

/**
 * docs/product.md, "API endpoints": one document at a time (pdf, doc, docx, jpg, jpeg, png). Nothing chosen is answered
 * here, without asking the server; the list above refreshes once the upload is stored.
 */
export function DocumentUploadForm({ orderId }: { orderId: string }) {
  const { t, i18n } = useAdminTranslation();
  const upload = useUploadOrderDocument(orderId);
  const feedback = useActionFeedback();
  const [file, setFile] = useState<File | null>(null);
  // what the customer sees it as: the kinds name it in her language (src/shared/customer-documents.ts)
  const [kind, setKind] = useState<CustomerDocumentKind>('other');
  const [nothingChosen, setNothingChosen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setNothingChosen(true);
      input.current?.focus();
      return;
    }
    feedback.begin();
    upload.mutate(
      { file, kind },
      {
        onSuccess: () => {
          setFile(null);
          setKind('other'); // the next file is asked about afresh
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  const error = nothingChosen ? t('noFileSelected') : upload.isError ? uploadErrorMessage(t, i18n, upload.error) : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-2 rounded-lg border border-dashed border-line bg-surface-muted p-3 sm:p-4">
      <Field label={t('documents.kindLabel')}>
        {({ id, describedBy }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            value={kind}
            disabled={upload.isPending}
            onChange={(event) => setKind(event.target.value as CustomerDocumentKind)}
            className={inputClasses}
            data-testid="document-kind"
          >
            {customerDocumentKinds.map((value) => (
              <option key={value} value={value}>
                {t(`documents.kinds.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('documents.fileLabel')} hint={t('documents.fileHint')} error={error}>
        {({ id, describedBy, invalid }) => (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <FileChooser
              id={id}
              describedBy={describedBy}
              invalid={invalid}
              disabled={upload.isPending}
              fileName={file?.name ?? null}
              inputRef={input}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setNothingChosen(false);
                upload.reset();
              }}
            />
            <Button type="submit" busy={upload.isPending} className="shrink-0">
              {!upload.isPending && <Upload className="size-4" aria-hidden />}
              {upload.isPending ? t('documents.uploading') : t('documents.upload')}
            </Button>
          </div>
        )}
      </Field>
      {upload.isSuccess && feedback.showSuccess && (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800 dark:text-green-300">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden />
          {t('documents.uploaded', { name: upload.data.fileName })}
        </p>
      )}
    </form>
  );
}
