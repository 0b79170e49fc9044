import { useTranslation } from '@client/lib/i18n';
import { identityDocuments } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { FileLink } from '@client/components/ui/data-views';
import { identityFileUrl } from '@client/lib/api/orders';

/** The identity documents the customer uploaded, each opening the private file in a new tab. */
export function IdentityDocumentLinks({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('dashboard');
  const uploaded = identityDocuments.filter((document) => order.documents[document]);
  if (uploaded.length === 0) return <p className="text-muted">{t('details.noIdentity')}</p>;
  return (
    <ul className="space-y-1">
      {uploaded.map((document) => (
        <li key={document}>
          <FileLink href={identityFileUrl(order.id, document)}>{t(`identity.${document}`)}</FileLink>
        </li>
      ))}
    </ul>
  );
}
