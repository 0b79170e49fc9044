import { Building2, MapPin, Receipt, User } from 'lucide-react';
import type { TAdminOrderDetail } from '@shared/admin';
import { Panel } from '@client/components/ui/data-views';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { AmountPaid } from './amount-paid';
import { FactList } from '@client/components/fact-list';
import { MailLink } from '@client/components/mail-link';

/** What the customer ordered (docs/product.md, "Entities"'s Order), grouped the way an administrator checks it. */
export function OrderFacts({ order }: { order: TAdminOrderDetail['order'] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const none = <span className="text-muted">{t('notProvided')}</span>;

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel compact title={t('order.company.title')} icon={Building2}>
        <FactList
          facts={[
            { label: t('order.company.name1'), value: order.companyName1 },
            { label: t('order.company.name2'), value: order.companyName2 },
            { label: t('order.company.name3'), value: order.companyName3 },
            { label: t('order.company.state'), value: `${format.state(order.llcState)} (${order.llcState})` },
          ]}
        />
      </Panel>

      <Panel compact title={t('order.organizer.title')} icon={User}>
        <FactList
          facts={[
            { label: t('order.organizer.name'), value: order.organizerName },
            { label: t('order.organizer.email'), value: <MailLink email={order.email} /> },
            { label: t('order.organizer.phone'), value: order.phone ? format.phone(order.phone) : none },
            { label: t('order.organizer.nationality'), value: format.nationality(order.nationality) },
          ]}
        />
      </Panel>

      <Panel compact title={t('order.address.title')} icon={MapPin}>
        <FactList
          facts={[
            { label: t('order.address.line1'), value: order.addressLine1 },
            ...(order.addressLine2 ? [{ label: t('order.address.line2'), value: order.addressLine2 }] : []),
            { label: t('order.address.city'), value: order.addressCity },
            { label: t('order.address.state'), value: order.addressState },
            { label: t('order.address.zip'), value: order.addressZip },
            { label: t('order.address.country'), value: format.country(order.addressCountry) },
          ]}
        />
      </Panel>

      <Panel compact title={t('order.payment.title')} icon={Receipt}>
        <FactList
          facts={[
            { label: t('order.payment.amount'), value: <span className="tabular-nums">{format.usd(order.orderAmount)}</span> },
            { label: t('order.payment.discount'), value: <span className="tabular-nums">{format.usd(order.orderDiscount)}</span> },
            { label: t('order.payment.amountPaid'), value: <AmountPaid cents={order.orderAmountPaid} /> },
            { label: t('order.payment.paymentId'), value: order.paymentId ?? none, mono: Boolean(order.paymentId) },
          ]}
        />
      </Panel>
    </div>
  );
}
