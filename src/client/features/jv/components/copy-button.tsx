import { Check, Copy, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button';

type CopyState = 'idle' | 'copied' | 'failed';
const icons = { idle: Copy, copied: Check, failed: X };
const resetAfterMs = 2000;

/**
 * Copies `text` to the clipboard and says so: the label turns to "Copied!" for two seconds and a
 * polite status tells screen readers. `label` names what is copied ("Copy Email 1").
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('jv');
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), resetAfterMs);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    // the Clipboard API exists only in secure contexts (https, localhost)
    const write = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  const Icon = icons[state];
  const caption = t(state === 'idle' ? 'copy.copy' : `copy.${state}`);
  return (
    <>
      <button
        type="button"
        onClick={copy}
        aria-label={`${caption}: ${label}`}
        className={buttonClasses(state === 'copied' ? 'primary' : 'outline', 'sm', 'shrink-0')}
        data-state={state}
      >
        <Icon className="size-4" aria-hidden />
        {caption}
      </button>
      <span role="status" className="sr-only">
        {state === 'idle' ? '' : t(state === 'copied' ? 'copy.copiedStatus' : 'copy.failedStatus')}
      </span>
    </>
  );
}
