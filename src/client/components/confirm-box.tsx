import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';

interface ConfirmBoxProps {
  title: string;
  /** what happens, restated: the amount, to whom, and what it leaves behind */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/**
 * Asks before an act that cannot be undone (money moved, documents frozen): shown in place of the
 * button that asked, so it is read where the eye already is. Focus moves to its question when it
 * opens, Escape goes back, and the act's button says what it does.
 */
export function ConfirmBox({ title, children, confirmLabel, cancelLabel, busy, onConfirm, onCancel, testId }: ConfirmBoxProps) {
  const titleId = useId();
  const bodyId = useId();
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onCancel();
      }}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
    >
      <p id={titleId} ref={heading} tabIndex={-1} className="flex items-start gap-2 font-semibold break-words text-fg outline-none">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
        {title}
      </p>
      <div id={bodyId} className="space-y-1 break-words text-fg">
        {children}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
