import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { FileLink } from '@client/components/ui/data-views';
import { useTranslation } from '@client/lib/i18n';
import { useModalDialog } from '@client/lib/use-modal-dialog';
import { SignForm } from './sign-form';

interface SigningReaderProps {
  title: string;
  /** what is read before signing: the agreement's text, or the answers an authorization signs for */
  children: ReactNode;
  /** the PDF whose SHA-256 the signature names (the very bytes the signer downloads) */
  downloadHref: string;
  downloadLabel: string;
  adoptedName: string;
  busy: boolean;
  error: unknown;
  onSign: (typedName: string) => void;
  onClose: () => void;
}

/**
 * The document to sign, read in a full-screen dialog (on a phone the whole screen; on a wider
 * screen a tall sheet), with the adopt-and-sign form at its end. The dialog opens with the focus
 * on its title, so the reader starts at the top, not at the name field past the text; Escape or
 * the close button leaves it and gives the focus back to the button that opened it.
 */
export function SigningReader({ title, children, downloadHref, downloadLabel, adoptedName, busy, error, onSign, onClose }: SigningReaderProps) {
  const { t } = useTranslation('filing');
  const id = useId();
  const { close, dialogProps } = useModalDialog(onClose, id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <dialog
      {...dialogProps}
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-surface p-0 text-fg backdrop:bg-black/60 sm:m-auto sm:h-[calc(100dvh-2rem)] sm:max-w-3xl sm:rounded-2xl sm:border sm:border-line"
      data-testid="signing-reader"
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-line bg-surface px-4 py-3 sm:px-6">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="min-w-0 text-lg font-semibold break-words focus:outline-none">
          {title}
        </h2>
        <button
          type="button"
          onClick={close}
          disabled={busy}
          className="-m-1 inline-flex shrink-0 items-center gap-1 rounded-md p-1 text-sm text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <X className="size-5" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('sign.readerClose')}</span>
        </button>
      </div>
      <div id={`${id}-body`} className="space-y-6 px-4 py-5 text-sm leading-relaxed sm:px-6">
        {children}
        <FileLink wrap="words" href={downloadHref}>
          {downloadLabel}
        </FileLink>
        <div className="border-t border-line pt-5">
          <SignForm expectedName={adoptedName} busy={busy} error={error} onSign={onSign} onCancel={close} />
        </div>
      </div>
    </dialog>
  );
}
