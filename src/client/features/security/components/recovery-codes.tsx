import { Download } from 'lucide-react';
import { CopyButton } from '@client/components/copy-button';
import { Button } from '@client/components/ui/button';
import { useTranslation } from '@client/lib/i18n';

/**
 * The ten recovery codes, shown once: in a list a screen reader reads code by code,
 * to copy or to download as a text file.
 */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useTranslation('security');
  const text = `${t('enrol.downloadHeading', { email })}\n\n${codes.join('\n')}\n`;
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
        <CopyButton text={text} label={t('enrol.copy')} copiedLabel={t('enrol.copied')} />
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden />
          {t('enrol.download')}
        </Button>
      </div>
    </div>
  );
}
