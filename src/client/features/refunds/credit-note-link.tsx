import { Download } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import type { TRefund } from '@shared/refunds';
import { creditNoteUrl } from '@client/lib/api/refunds';
import { useFormats } from '@client/lib/use-formats';

/** A completed refund's credit note, in the reader's language: the dashboard and the admin order page both offer it. */
export function CreditNoteLink({ orderId, refund }: { orderId: string; refund: Pick<TRefund, 'id' | 'creditNote'> }) {
  const { t } = useTranslation('refunds');
  const format = useFormats();
  if (!refund.creditNote) return null;
  return (
    <p>
      <a
        href={creditNoteUrl(orderId, refund.id, format.language)}
        download
        className="inline-flex items-center gap-1.5 rounded font-medium break-words text-brand-700 underline-offset-4 hover:underline dark:text-gold-300"
      >
        <Download className="size-4 shrink-0" aria-hidden />
        {t('creditNote', { number: refund.creditNote })}
      </a>
    </p>
  );
}
