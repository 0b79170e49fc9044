import { Download } from 'lucide-react';
import { receiptUrl } from '@client/lib/api/orders';

/**
 * Downloads the PDF receipt of a paid order (the server refuses an unpaid one). The label comes
 * from the page's namespace: kept out of `common`, which every first visit downloads.
 */
export function ReceiptLink({ orderId, label, className = '' }: { orderId: string; label: string; className?: string }) {
  return (
    <a
      href={receiptUrl(orderId)}
      download
      className={`inline-flex items-center gap-1.5 rounded font-medium text-brand-700 underline-offset-4 hover:underline dark:text-gold-300 ${className}`}
    >
      <Download className="size-4 shrink-0" aria-hidden />
      {label}
    </a>
  );
}
