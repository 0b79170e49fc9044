import type { ReactNode } from 'react';
import { Building2, IdCard, MapPin, Receipt, User, Users } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { addressLines } from '@shared/order-model';
import { netPaidCents } from '@shared/refund-rules';
import type { TOrderDetail } from '@shared/orders';
import { useFormats } from '@client/lib/use-formats';
import { FactGroup } from './fact-group';

/**
 * What the customer ordered: names, contact, address, identity documents, partner and amount.
 * `identityDocuments` is how the documents are shown: the page composes it from the documents feature.
 */
export function OrderFacts({ order, identityDocuments }: { order: TOrderDetail; identityDocuments: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  return (
    <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
      <FactGroup title={t('details.companyNames')} icon={Building2}>
        <ol className="list-inside list-decimal space-y-0.5 marker:text-muted">
          {[order.companyName1, order.companyName2, order.companyName3].map((name, index) => (
            <li key={index}>{name}</li>
          ))}
        </ol>
        <p className="pt-1 text-muted">
          {t('card.state')}: <span className="text-fg">{format.state(order.llcState)}</span>
        </p>
      </FactGroup>

      <FactGroup title={t('details.contact')} icon={User}>
        <p className="font-medium">{order.organizerName}</p>
        <p>{order.email}</p>
        {order.phone && <p>{format.phone(order.phone)}</p>}
      </FactGroup>

      <FactGroup title={t('details.address')} icon={MapPin}>
        <address className="not-italic">
          {[...addressLines(order), format.country(order.addressCountry)].map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
        </address>
        <p className="pt-1 text-muted">
          {t('details.nationality')}: <span className="text-fg">{format.nationality(order.nationality)}</span>
        </p>
      </FactGroup>

      <FactGroup title={t('details.identity')} icon={IdCard}>
        {identityDocuments}
      </FactGroup>

      {order.partner && (
        <FactGroup title={t('details.partner')} icon={Users}>
          <p className="font-medium">{order.partner.fullName}</p>
          <p>{order.partner.email}</p>
          <p>{format.phone(order.partner.phone)}</p>
          <p>{order.partner.address}</p>
          <p>{format.country(order.partner.country)}</p>
        </FactGroup>
      )}

      <FactGroup title={t('details.payment')} icon={Receipt}>
        <dl className="space-y-0.5">
          <AmountRow label={t('details.amount')} value={format.usd(order.orderAmount)} strong />
          {order.orderDiscount > 0 && <AmountRow label={t('details.discount')} value={`−${format.usd(order.orderDiscount)}`} />}
          {order.orderAmountPaid != null && <AmountRow label={t('details.amountPaid')} value={format.usd(order.orderAmountPaid)} />}
          {/* after a refund, what she paid in the end */}
          {order.orderAmountPaid != null && order.amountRefunded > 0 && (
            <>
              <AmountRow label={t('details.refunded')} value={`−${format.usd(order.amountRefunded)}`} />
              <AmountRow label={t('details.netPaid')} value={format.usd(netPaidCents(order.orderAmountPaid, order.amountRefunded))} strong />
            </>
          )}
        </dl>
      </FactGroup>
    </div>
  );
}

function AmountRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-semibold' : ''}`}>{value}</dd>
    </div>
  );
}
