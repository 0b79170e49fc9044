import { FileCheck2, Upload, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { FileName } from '@client/components/ui/file-name';
import { customerUploadAccept, type IdentityDocument } from '@shared/order-model';
import { Button } from '@client/components/ui/button';
import { translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useOrderTranslation } from '../namespaces';
import { formatFileSize } from '@shared/formats';
import { uploadMaxBytes } from '../upload-rules';

interface DocumentUploadProps {
  name: IdentityDocument;
  required: boolean;
  file: File | null;
  /** fixing an order: the server already holds this document, kept unless replaced or removed */
  onFile?: boolean;
  /** message key */
  error?: string;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/**
 * One identity document: a real file input (named after the multipart field, so the wizard can
 * focus it) behind a drop-zone style label that shows the chosen file, and a Remove button.
 */
export function DocumentUpload({ name, required, file, onFile = false, error, onChoose, onRemove }: DocumentUploadProps) {
  const { t } = useOrderTranslation();
  const { language } = useFormats();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const maxSize = formatFileSize(uploadMaxBytes, language);
  const describedBy = [`${id}-help`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const kept = !file && onFile;
  const chosen = file !== null || kept;

  return (
    <div className="relative" data-testid={`upload-${name}`}>
      <p id={`${id}-label`} className="text-sm font-medium text-fg">
        {t(`documents.${name}`)}
        {required && (
          <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </p>
      <p id={`${id}-help`} className="mt-0.5 text-xs text-muted">
        {t(`documents.help.${name}`)} {t('documents.formats', { size: maxSize })}
      </p>
      <div className="mt-2 flex items-stretch gap-2">
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          accept={customerUploadAccept}
          className="peer sr-only"
          // the document's label and what the box says ("Choose file", or the file chosen): the visible words are in its name (WCAG 2.5.3)
          aria-labelledby={`${id}-label ${id}-choose`}
          aria-describedby={describedBy}
          aria-required={required}
          aria-invalid={Boolean(error)}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // cleared at once: the file lives in the wizard's state, and choosing the same file again still fires
            event.target.value = '';
            if (chosen) onChoose(chosen);
          }}
        />
        <label
          htmlFor={id}
          className={`flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus ${
            error
              ? 'border-red-600 bg-red-50/60 dark:bg-red-950/30'
              : chosen
                ? 'border-brand-500 bg-brand-50 dark:border-brand-200 dark:bg-brand-800/50'
                : 'border-dashed border-control bg-surface hover:bg-surface-muted'
          }`}
        >
          {chosen ? (
            <FileCheck2 className="size-5 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />
          ) : (
            <Upload className="size-5 shrink-0 text-muted" aria-hidden />
          )}
          <span id={`${id}-choose`} className="min-w-0 flex-1">
            {file ? (
              <FileName name={file.name} className="text-sm font-medium text-fg" testId="upload-file-name" />
            ) : (
              <span className="block truncate text-sm font-medium text-fg">{t(kept ? 'documents.onFile' : 'documents.choose')}</span>
            )}
            {chosen && (
              <span className="block text-xs text-muted">
                {file ? formatFileSize(file.size, language) : t('documents.onFileNote')}
                {/* on phones the name needs the whole row: Replace goes under it */}
                <span className="font-semibold text-brand-700 sm:hidden dark:text-gold-300"> · {t('documents.replace')}</span>
              </span>
            )}
          </span>
          {chosen && <span className="hidden shrink-0 text-sm font-semibold text-brand-700 sm:inline dark:text-gold-300">{t('documents.replace')}</span>}
        </label>
        {chosen && (
          <Button
            variant="outline"
            className="h-auto shrink-0 px-3"
            aria-label={file ? t('documents.removeNamed', { name: file.name }) : t('documents.removeOnFile', { document: t(`documents.${name}`) })}
            onClick={() => {
              onRemove();
              input.current?.focus();
            }}
          >
            <X className="size-4" aria-hidden />
            <span className="hidden sm:inline">{t('documents.remove')}</span>
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {translateMessage(t, error, { size: maxSize })}
        </p>
      )}
    </div>
  );
}
