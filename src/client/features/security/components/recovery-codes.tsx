import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { useTranslation } from '@client/lib/i18n';

/**
 * The ten recovery codes, shown once: in a list a screen reader reads code by code,
 * to copy or to download as a text file.
 */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useTranslation('security');
  const [copied, setCopied] = useState(false);
  const text = `${t('enrol.downloadHeading', { email })}\n\n${codes.join('\n')}\n`;

  const copy = () => {
    // the Clipboard API exists only in secure contexts (https, localhost)
    (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: t('enrol.downloadName') });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="space-y-4">
      <ul
        aria-label={t('enrol.codesListLabel')}
        className="grid grid-cols-1 gap-2 rounded-xl border border-line bg-surface-muted p-4 font-mono text-base min-[22rem]:grid-cols-2"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t('enrol.copied') : t('enrol.copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden />
          {t('enrol.download')}
        </Button>
      </div>
      <span role="status" className="sr-only">
        {copied ? t('enrol.copied') : ''}
      </span>
    </div>
  );
}
