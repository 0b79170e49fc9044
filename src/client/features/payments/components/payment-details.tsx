import { useTranslation } from '@client/lib/i18n';
import { addressLines } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { Panel } from '@client/components/ui/data-views';
import { useFormats } from '@client/lib/use-formats';
import { DetailList } from './detail-list';
import { PaymentStatus } from './payment-status';

/** Payment details, company information, billing address and nationality of a paid order. */
export function PaymentDetails({ order, confirming }: { order: TOrderDetail; confirming: boolean }) {
  const { t } = useTranslation('payment');
  const format = useFormats();
  const address = [...addressLines(order), format.country(order.addressCountry)];
  return (
    <div className="space-y-6">
      <Panel title={t('success.paymentDetails')}>
        <DetailList
          details={[
            // before the payment event arrives nothing is recorded as paid yet: the order's amount is what is being paid
            { label: t('success.amountPaid'), value: <span className="tabular-nums">{format.usd(order.orderAmountPaid ?? order.orderAmount)}</span> },
            { label: t('success.payment'), value: <PaymentStatus status={order.status} confirming={confirming} /> },
            { label: t('success.date'), value: format.date(order.createdAt, 'long') },
          ]}
        />
      </Panel>
      <div className="grid gap-6 md:grid-cols-2">
        <Panel title={t('success.companyInfo')}>
          <DetailList
            details={[
              { label: t('success.companyName'), value: order.companyName1 },
              { label: t('success.alternatives'), value: `${order.companyName2}, ${order.companyName3}` },
              { label: t('success.state'), value: format.state(order.llcState) },
            ]}
          />
        </Panel>
        <Panel title={t('success.billing')}>
          <DetailList
            details={[
              {
                label: t('success.address'),
                value: address.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                )),
              },
              { label: t('success.nationality'), value: format.nationality(order.nationality) },
            ]}
          />
        </Panel>
      </div>
    </div>
  );
}
