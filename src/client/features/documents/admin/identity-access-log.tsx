import { ErrorBox, InlineLoading } from '@client/components/ui/data-views';
import { useIdentityViews } from '@client/lib/api/identity-documents';
import { errorMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/** Every time someone on the team opened one of the order's identity files: who, which, when, from where. */
export function IdentityAccessLog({ orderId }: { orderId: string }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const log = useIdentityViews(orderId);
  return (
    <section aria-labelledby={`identity-log-${orderId}`}>
      <h3 id={`identity-log-${orderId}`} className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
        {t('order.identity.log.title')}
      </h3>
      {log.isPending ? (
        <InlineLoading label={t('order.identity.log.loading')} className="py-2" />
      ) : log.isError ? (
        <ErrorBox title={t('order.identity.log.loadError')} detail={errorMessage(t, log.error)} onRetry={() => void log.refetch()} retrying={log.isFetching} />
      ) : log.data.views.length === 0 ? (
        <p className="text-sm text-muted">{t('order.identity.log.empty')}</p>
      ) : (
        <ol className="space-y-2 text-sm" data-testid="identity-access-log">
          {log.data.views.map((view) => (
            <li key={view.id}>
              <p className="break-words">
                {t('order.identity.log.entry', {
                  name: view.viewerName,
                  document:
                    view.document === 'threadFile' ? t('order.identity.threadFile', { fileName: view.fileName ?? '' }) : t(`order.identity.${view.document}`),
                })}
              </p>
              <p className="text-xs text-muted">
                <time dateTime={view.createdAt}>{format.dateTime(view.createdAt)}</time>
                {view.ipAddress && <> · {t('order.identity.log.address', { address: view.ipAddress })}</>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
