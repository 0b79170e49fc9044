import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { receiptUrl } from '@client/lib/api/orders';

/** Downloads the PDF receipt of a paid order (the server refuses an unpaid one). */
export function ReceiptLink({ orderId, className = '' }: { orderId: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={receiptUrl(orderId)}
      download
      className={`inline-flex items-center gap-1.5 rounded font-medium text-brand-700 underline-offset-4 hover:underline dark:text-gold-300 ${className}`}
    >
      <Download className="size-4 shrink-0" aria-hidden />
      {t('downloadReceipt')}
    </a>
  );
}
