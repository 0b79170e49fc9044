import { identityDocuments } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { useFormats } from '@client/lib/use-formats';
import { useOrderTranslation } from '../namespaces';
import { DocumentStatus } from './document-status';
import { type SummaryRow, SummarySection } from './summary-section';

/** SPEC /order/confirm: state, three names, contact, address, identity documents and partner, read-only. */
export function OrderSummary({ order }: { order: TOrderDetail }) {
  const { t } = useOrderTranslation();
  const geo = useFormats();
  const label = (field: string) => t(`fields.${field}`);
  const partnerLabel = (field: string) => t(`partner.fields.${field}`);
  const { partner } = order;

  const sections: { title: string; rows: SummaryRow[] }[] = [
    {
      title: t('confirm.company'),
      rows: [
        { label: label('llcState'), value: `${geo.state(order.llcState)} (${order.llcState})`, wide: true },
        {
          label: t('confirm.names'),
          wide: true,
          value: (
            <ol className="list-decimal space-y-0.5 pl-5 marker:text-muted">
              {[order.companyName1, order.companyName2, order.companyName3].map((name, index) => (
                <li key={index}>{name}</li>
              ))}
            </ol>
          ),
        },
      ],
    },
    {
      title: t('confirm.contact'),
      rows: [
        { label: label('organizerName'), value: order.organizerName },
        { label: label('email'), value: order.email },
        { label: partnerLabel('phone'), value: order.phone ? geo.phone(order.phone) : '—' },
      ],
    },
    {
      title: t('confirm.address'),
      rows: [
        { label: label('addressLine1'), value: order.addressLine1, wide: true },
        { label: label('addressCity'), value: order.addressCity },
        { label: label('addressState'), value: order.addressState },
        { label: label('addressZip'), value: order.addressZip },
        { label: label('addressCountry'), value: geo.country(order.addressCountry) },
      ],
    },
    {
      title: t('confirm.identity'),
      rows: [
        { label: label('nationality'), value: geo.nationality(order.nationality), wide: true },
        ...identityDocuments.map((name) => ({ label: t(`documents.${name}`), value: <DocumentStatus uploaded={order.documents[name]} /> })),
      ],
    },
    {
      title: t('confirm.partner'),
      rows: partner
        ? [
            { label: partnerLabel('fullName'), value: partner.fullName },
            { label: partnerLabel('email'), value: partner.email },
            { label: partnerLabel('phone'), value: geo.phone(partner.phone) },
            { label: partnerLabel('country'), value: geo.country(partner.country) },
            { label: partnerLabel('address'), value: partner.address, wide: true },
          ]
        : [{ label: t('confirm.partner'), value: t('confirm.noPartner'), wide: true }],
    },
  ];

  return (
    <div className="space-y-4">
      {sections.map((section) => (
        <SummarySection key={section.title} title={section.title} rows={section.rows} />
      ))}
    </div>
  );
}
