import { CheckCircle2, Circle, Download, Landmark } from 'lucide-react';
import { useId } from 'react';
import { bankPackKinds } from '@shared/customer-documents';
import { bankPackUrl, useOrderDocuments } from '@client/lib/api/orders';
import { useTranslation } from '@client/lib/i18n';

/**
 * After the EIN, the next useful thing: the LLC's papers a bank asks a founder outside the US
 * for, which of them she has, and all of them in one download (GET /api/orders/:id/bank-pack).
 * It reads the same documents list as the order's documents, so it fills in as the team uploads.
 */
export function BankPackCard({ orderId }: { orderId: string }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const documents = useOrderDocuments(orderId);
  const have = new Set(documents.data?.map((document) => document.kind));
  const any = bankPackKinds.some((kind) => have.has(kind));
  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm dark:border-brand-700 dark:bg-brand-900"
      data-testid="bank-pack"
    >
      <h4 id={titleId} className="flex items-center gap-2 font-semibold break-words">
        <Landmark className="size-4 shrink-0 text-brand-700 dark:text-gold-300" aria-hidden />
        {t('bankPack.title')}
      </h4>
      <p className="mt-2 break-words">{t('bankPack.lead')}</p>
      <ul className="mt-3 space-y-1.5">
        {bankPackKinds.map((kind) => (
          <li key={kind} className="flex min-w-0 items-start gap-2">
            {have.has(kind) ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
            ) : (
              <Circle className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
            )}
            <span className="min-w-0 break-words">
              {t(`documents.kinds.${kind}.name`)}
              <span className="text-muted"> · {have.has(kind) ? t('bankPack.ready') : t('bankPack.missing')}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 break-words text-muted">{t('bankPack.identity')}</p>
      {any && (
        <a
          href={bankPackUrl(orderId)}
          download
          className="mt-3 inline-flex min-h-10 items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-gold-300 dark:text-brand-950 dark:hover:bg-gold-200"
        >
          <Download className="size-4 shrink-0" aria-hidden />
          {t('bankPack.download')}
        </a>
      )}
    </section>
  );
}
