import { useTranslation } from '@client/lib/i18n';
import { identityDocuments, type IdentityDocument } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { FileLink } from '@client/components/ui/data-views';
import { identityFileUrl } from '@client/lib/api/orders';
import { useFormats } from '@client/lib/use-formats';

/**
 * The identity documents the customer uploaded, each opening the private file in a new tab, with
 * the day our team last opened it (never who, nor from where), and when the files will
 * be, or were, deleted. A document the team has asked her to replace (an open request) says so
 * instead of "reviewed": that review found it wanting.
 */
export function IdentityDocumentLinks({ order, replacing = [] }: { order: TOrderDetail; replacing?: readonly IdentityDocument[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const uploaded = identityDocuments.filter((document) => order.documents[document]);
  if (order.identityDeleted) {
    return (
      <p className="text-muted" data-testid="identity-retention">
        {t('identity.deletedOn', { date: format.date(order.identityDeleted.at, 'long') })}
      </p>
    );
  }
  if (uploaded.length === 0) return <p className="text-muted">{t('details.noIdentity')}</p>;
  return (
    <>
      <ul className="space-y-1">
        {uploaded.map((document) => {
          const viewedAt = order.identityViewedAt[document];
          return (
            <li key={document}>
              <FileLink href={identityFileUrl(order.id, document)}>{t(`identity.${document}`)}</FileLink>
              {replacing.includes(document) ? (
                <span className="block text-xs text-muted">{t('identity.replacementAsked')}</span>
              ) : (
                viewedAt && <span className="block text-xs text-muted">{t(`identity.viewed.${document}`, { date: format.date(viewedAt, 'long') })}</span>
              )}
            </li>
          );
        })}
      </ul>
      {order.identityDeletionOn && (
        <p className="pt-1 text-xs text-muted" data-testid="identity-retention">
          {t('identity.deletionOn', { date: format.longDay(order.identityDeletionOn) })}
        </p>
      )}
    </>
  );
}
