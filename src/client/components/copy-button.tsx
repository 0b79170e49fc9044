import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';

/**
 * Copies `text` to the clipboard and says so, on the button and to a screen reader (its status).
 * The Clipboard API exists only in secure contexts (https, localhost): elsewhere nothing is copied
 * and the button keeps its label.
 */
export function CopyButton({ text, label, copiedLabel, testId }: { text: string; label: string; copiedLabel: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => void copy()} data-testid={testId}>
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {copied ? copiedLabel : label}
      </Button>
      <span role="status" className="sr-only">
        {copied ? copiedLabel : ''}
      </span>
    </>
  );
}
