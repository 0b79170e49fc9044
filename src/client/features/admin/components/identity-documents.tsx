import { identityDocuments } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { FileLink } from '@client/components/ui/data-views';
import { identityFileUrl } from '@client/lib/api/orders';
import { useAdminTranslation } from '../hooks/use-admin-translation';

/** The customer's identity files, each through the authorized download (DESIGN: identity documents are private). */
export function IdentityDocuments({ order }: { order: TOrderDetail }) {
  const { t } = useAdminTranslation();
  return (
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
                <span className="text-xs text-muted">{t('order.identity.notUploaded')}</span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
