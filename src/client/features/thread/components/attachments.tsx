import { Paperclip, X } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { formatFileSize } from '@shared/formats';
import { attachmentExtensions } from '@shared/order-message-rules';
import type { TMessageAttachment } from '@shared/order-messages';
import { FileLink } from '@client/components/ui/data-views';
import { attachmentUrl } from '@client/lib/api/order-messages';
import { useTranslation } from '@client/lib/i18n';
import { publicConfig } from '@client/lib/public-config';
import { useBasicFormats } from '@client/lib/use-language';
import { FileName } from '@client/components/ui/file-name';

export type Side = 'customer' | 'team';

/** The files of a message, each opened in a new tab (the server checks owner-or-team). */
export function AttachmentList({ orderId, files }: { orderId: string; files: readonly TMessageAttachment[] }) {
  const { t } = useTranslation('messages');
  const { language } = useBasicFormats();
  if (files.length === 0) return null;
  return (
    <ul aria-label={t('filesLabel')} className="mt-2 space-y-1 text-sm">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-x-2">
          <Paperclip className="size-3.5 shrink-0 text-muted" aria-hidden />
          <FileLink href={attachmentUrl(orderId, file.id)}>{file.fileName}</FileLink>
          <span className="text-xs text-muted">{formatFileSize(file.sizeBytes, language)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Why a chosen file cannot be sent (a message key), or null: checked at once, and again by the server. */
export function fileProblem(
  file: File,
  side: Side,
): 'messages.fileWrongType' | 'messages.fileWrongTypeTeam' | 'messages.fileTooLarge' | 'messages.fileEmpty' | null {
  const name = file.name.toLowerCase();
  if (!attachmentExtensions[side].some((extension) => name.endsWith(extension)))
    return side === 'team' ? 'messages.fileWrongTypeTeam' : 'messages.fileWrongType';
  if (file.size > publicConfig.uploadMaxBytes) return 'messages.fileTooLarge';
  if (file.size === 0) return 'messages.fileEmpty';
  return null;
}

interface FilePickerProps {
  side: Side;
  label: string;
  files: readonly File[];
  multiple: boolean;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onChoose(files: File[]): void;
  onRemove(index: number): void;
}

/**
 * A file input whose button speaks the page's language, and the files chosen, each removable. The
 * real input stays focusable and labelled (WCAG 2.5.3: the visible words are in its name).
 */
export function FilePicker({ side, label, files, multiple, disabled, inputRef, onChoose, onRemove }: FilePickerProps) {
  const { t } = useTranslation('messages');
  const { language } = useBasicFormats();
  const id = useId();
  return (
    <div className="space-y-1.5">
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple={multiple}
        accept={attachmentExtensions[side].join(',')}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onChoose([...(event.target.files ?? [])]);
          // the same file may be chosen again after it was removed
          event.target.value = '';
        }}
        className="peer sr-only"
      />
      <label
        id={`${id}-label`}
        htmlFor={id}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-control bg-surface px-3 text-sm font-semibold text-fg peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        <Paperclip className="size-4" aria-hidden />
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t(side === 'team' ? 'filesHintTeam' : 'filesHint', { size: formatFileSize(publicConfig.uploadMaxBytes, language) })}
      </p>
      {files.length > 0 && (
        <ul className="space-y-1">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex min-w-0 items-center gap-2 text-sm">
              <FileName name={file.name} className="flex-1" testId="picked-file-name" />
              <span className="shrink-0 text-xs text-muted">{formatFileSize(file.size, language)}</span>
              <button
                type="button"
                onClick={() => onRemove(index)}
                disabled={disabled}
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-muted hover:text-fg"
                aria-label={t('removeFile', { name: file.name })}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
