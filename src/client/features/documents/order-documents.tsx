import { FileText } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { ErrorBox, FileLink, InlineLoading } from '@client/components/ui/data-views';
import { documentFileUrl, useOrderDocuments } from '@client/lib/api/orders';
import { useFormats } from '@client/lib/use-formats';

/** The documents administrators added to the order (newest first, as the server sends them). */
export function OrderDocuments({ orderId }: { orderId: string }) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const documents = useOrderDocuments(orderId);
  return (
    <section className="rounded-xl border border-line bg-surface p-4">
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <FileText className="size-4 text-brand-600 dark:text-gold-300" aria-hidden />
        {t('documents.title')}
      </h4>
      <div className="mt-3 text-sm">
        {documents.isPending ? (
          <InlineLoading label={t('documents.loading')} className="py-2" />
        ) : documents.isError ? (
          <ErrorBox title={t('documents.loadError')} onRetry={() => void documents.refetch()} retrying={documents.isFetching} />
        ) : documents.data.length === 0 ? (
          <p className="text-muted">{t('noDocuments')}</p>
        ) : (
          <ul className="divide-y divide-(--border)">
            {documents.data.map((document) => (
              <li key={document.id} className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <span className="min-w-0 break-all">
                  <FileLink href={documentFileUrl(document.id)}>{document.fileName}</FileLink>
                </span>
                <span className="shrink-0 text-xs text-muted">{t('documents.added', { date: format.date(document.createdAt) })}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
