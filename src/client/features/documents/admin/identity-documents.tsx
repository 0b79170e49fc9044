import { identityDocuments } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { FileLink } from '@client/components/ui/data-views';
import { identityFileUrl } from '@client/lib/api/orders';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { IdentityAccessLog } from './identity-access-log';

/**
 * The customer's identity files, each through the authorized download (DESIGN: identity documents
 * are private), which logs the look; when they will be or were deleted, and who opened them.
 */
export function IdentityDocuments({ order }: { order: TOrderDetail }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const deleted = order.identityDeleted;
  return (
    <div className="space-y-4">
      <ul className="space-y-2 text-sm" data-testid="identity-documents">
        {identityDocuments.map((document) => {
          const name = t(`order.identity.${document}`);
          return (
            <li key={document} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-0.5">
              {order.documents[document] ? (
                <FileLink href={identityFileUrl(order.id, document)}>{name}</FileLink>
              ) : (
                <>
                  <span className="text-muted">{name}</span>
                  <span className="text-xs text-muted">
                    {/* the file is gone; the order keeps the record that it existed */}
                    {deleted?.documents.includes(document)
                      ? t('order.identity.deletedOn', { date: format.date(deleted.at, 'long') })
                      : t('order.identity.notUploaded')}
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {order.identityDeletionOn && (
        <p className="text-xs text-muted" data-testid="identity-retention">
          {t('order.identity.deletionOn', { date: format.longDay(order.identityDeletionOn) })}
        </p>
      )}
      <IdentityAccessLog orderId={order.id} />
    </div>
  );
}
