import { shownIdentityDocuments, type WizardStep } from '@shared/order-model';
import type { TOrderDetail } from '@shared/orders';
import { orderEditPath } from '@shared/routes';
import { useFormats } from '@client/lib/use-formats';
import { useOrderTranslation } from '../namespaces';
import { DocumentStatus } from './document-status';
import { type SummaryChange, type SummaryRow, SummarySection } from './summary-section';

type Section = 'company' | 'contact' | 'address' | 'identity' | 'partner';

/** The wizard step that asks for each section's answers (the identity and the partner share the last). */
const stepOf: Record<Section, WizardStep> = { company: 'company', contact: 'contact', address: 'address', identity: 'verification', partner: 'verification' };

/**
 * /order/confirm (docs/product.md, "Client routes"): state, three names, contact, address, identity documents and partner, read-only.
 * While the order is unpaid each section has a Change link to its wizard step ("check your answers").
 */
export function OrderSummary({ order }: { order: TOrderDetail }) {
  const { t } = useOrderTranslation();
  const geo = useFormats();
  const { partner } = order;
  // the edit page takes only an order nobody has paid (routes/order.tsx); the server refuses others
  const editable = order.status === 'pending_payment' && order.paidAt === null;
  const changeOf = (section: Section): SummaryChange | undefined =>
    editable ? { to: orderEditPath(order.id, stepOf[section]), label: t('confirm.change'), what: t(`confirm.changeWhat.${section}`) } : undefined;

  const sections: { section: Section; title: string; rows: SummaryRow[] }[] = [
    {
      section: 'company',
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
      section: 'contact',
      title: t('confirm.contact'),
      rows: [
        { label: t('fields.organizerName'), value: order.organizerName },
        { label: t('fields.email'), value: order.email },
        { label: t('partner.fields.phone'), value: order.phone ? geo.phone(order.phone) : '—' },
      ],
    },
    {
      section: 'address',
      title: t('confirm.address'),
      rows: [
        { label: t('fields.addressLine1'), value: order.addressLine1, wide: true },
        ...(order.addressLine2 ? [{ label: t('confirm.addressLine2'), value: order.addressLine2, wide: true }] : []),
        { label: t('fields.addressCity'), value: order.addressCity },
        { label: t('fields.addressState'), value: order.addressState },
        { label: t('fields.addressZip'), value: order.addressZip },
        { label: t('fields.addressCountry'), value: geo.country(order.addressCountry) },
      ],
    },
    {
      section: 'identity',
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
      section: 'partner',
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
      {sections.map(({ section, title, rows }) => (
        <SummarySection key={section} title={title} rows={rows} change={changeOf(section)} />
      ))}
    </div>
  );
}
