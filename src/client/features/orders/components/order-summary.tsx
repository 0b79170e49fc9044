import { shownIdentityDocuments } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { useFormats } from '@client/lib/use-formats';
import { useOrderTranslation } from '../namespaces';
import { DocumentStatus } from './document-status';
import { type SummaryRow, SummarySection } from './summary-section';

/** /order/confirm (docs/product.md, "Client routes"): state, three names, contact, address, identity documents and partner, read-only. */
export function OrderSummary({ order }: { order: TOrderDetail }) {
  const { t } = useOrderTranslation();
  const geo = useFormats();
  const { partner } = order;

  const sections: { title: string; rows: SummaryRow[] }[] = [
    {
      title: t('confirm.company'),
      rows: [
        { label: t('fields.llcState'), value: `${geo.state(order.llcState)} (${order.llcState})`, wide: true },
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
        { label: t('fields.organizerName'), value: order.organizerName },
        { label: t('fields.email'), value: order.email },
        { label: t('partner.fields.phone'), value: order.phone ? geo.phone(order.phone) : '—' },
      ],
    },
    {
      title: t('confirm.address'),
      rows: [
        { label: t('fields.addressLine1'), value: order.addressLine1, wide: true },
        { label: t('fields.addressCity'), value: order.addressCity },
        { label: t('fields.addressState'), value: order.addressState },
        { label: t('fields.addressZip'), value: order.addressZip },
        { label: t('fields.addressCountry'), value: geo.country(order.addressCountry) },
      ],
    },
    {
      title: t('confirm.identity'),
      rows: [
        { label: t('fields.nationality'), value: geo.nationality(order.nationality), wide: true },
        // the required document, uploaded or not, and an optional one only when it is there
        ...shownIdentityDocuments(order.nationality, order.documents).map((name) => ({
          label: t(`documents.${name}`),
          value: <DocumentStatus uploaded={order.documents[name]} />,
        })),
      ],
    },
    {
      title: t('confirm.partner'),
      rows: partner
        ? [
            { label: t('partner.fields.fullName'), value: partner.fullName },
            { label: t('partner.fields.email'), value: partner.email },
            { label: t('partner.fields.phone'), value: geo.phone(partner.phone) },
            { label: t('partner.fields.country'), value: geo.country(partner.country) },
            { label: t('partner.fields.address'), value: partner.address, wide: true },
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
