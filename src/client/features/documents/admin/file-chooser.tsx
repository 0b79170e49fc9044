import { Paperclip } from 'lucide-react';
import type { ChangeEvent, RefObject } from 'react';
import { adminUploadAccept } from '@shared/admin';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

interface FileChooserProps {
  /** ids from the surrounding Field: its label names the input */
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  disabled: boolean;
  fileName: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A file input whose button speaks the interface language (the native one follows the browser's).
 * The real input stays focusable and labelled for keyboards and screen readers (the field's label
 * and "Choose file"); the visible box only mirrors it and opens the picker on click.
 */
export function FileChooser({ id, describedBy, invalid, disabled, fileName, inputRef, onChange }: FileChooserProps) {
  const { t } = useAdminTranslation();
  return (
    <div className="min-w-0 flex-1">
      <input
        ref={inputRef}
        id={id}
        name="file"
        type="file"
        accept={adminUploadAccept}
        disabled={disabled}
        // the field's label, then the button's visible words: what a voice user says is in its name (WCAG 2.5.3)
        aria-labelledby={`${id}-label ${id}-choose`}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={onChange}
        className="peer sr-only"
      />
      <div
        aria-hidden
        onClick={() => inputRef.current?.click()}
        className={`flex h-11 cursor-pointer items-center overflow-hidden rounded-lg border bg-surface text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-disabled:cursor-not-allowed peer-disabled:opacity-60 ${invalid ? 'border-red-600' : 'border-line'}`}
      >
        <span id={`${id}-choose`} className="flex h-full shrink-0 items-center gap-2 border-r border-line bg-surface-muted px-3 font-semibold text-fg">
          <Paperclip className="size-4" />
          {t('documents.choose')}
        </span>
        <span className={`min-w-0 truncate px-3 ${fileName ? 'text-fg' : 'text-muted'}`}>{fileName ?? t('documents.noFile')}</span>
      </div>
    </div>
  );
}
