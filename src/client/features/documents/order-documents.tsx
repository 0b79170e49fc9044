import { FileText } from 'lucide-react';
import { customerDocumentName } from '@shared/customer-documents';
import { useTranslation } from '@client/lib/i18n';
import { ErrorBox, FileLink, InlineLoading } from '@client/components/ui/data-views';
import { documentFileUrl, useOrderDocuments } from '@client/lib/api/orders';
import { useFormats } from '@client/lib/use-formats';

/**
 * The customer's documents (newest first, as the server sends them): each named in her language
 * by what it is, with a line on what it is for; a document the team added without a kind keeps
 * its file name.
 */
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
          <ul className="divide-y divide-(--border)" data-testid="customer-documents">
            {documents.data.map((document) => (
              <li key={document.id} className="min-w-0 space-y-0.5 py-2 first:pt-0 last:pb-0">
                {/* a kind's name wraps between words; a file name anywhere (it may have no spaces) */}
                <span className="block min-w-0">
                  <FileLink wrap={document.kind === 'other' ? 'anywhere' : 'words'} href={documentFileUrl(document.id)}>
                    {customerDocumentName(document, (kind) => t(`documents.kinds.${kind}.name`))}
                  </FileLink>
                </span>
                <p className="break-words text-muted">{t(`documents.kinds.${document.kind}.purpose`)}</p>
                <p className="text-xs text-muted">{t('documents.added', { date: format.date(document.createdAt) })}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
