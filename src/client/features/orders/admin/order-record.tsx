import { Fingerprint } from 'lucide-react';
import type { TAdminOrderDetail } from '@shared/admin';
import { orderNumber } from '@shared/order-model';
import { Panel } from '@client/components/ui/data-views';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { FactList } from '@client/components/fact-list';
import { MailLink } from '@client/components/mail-link';

/** The references an administrator quotes or looks up: ids, the customer's account, when it was made. */
export function OrderRecord({ order }: { order: TAdminOrderDetail['order'] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  return (
    <Panel compact title={t('order.record.title')} icon={Fingerprint}>
      <FactList
        facts={[
          { label: t('order.record.orderNumber'), value: orderNumber(order.id), mono: true },
          { label: t('order.record.orderId'), value: order.id, mono: true },
          // a paid order outlives its account: the organizer and email on the order stay
          order.customer
            ? {
                label: t('order.record.customer'),
                value: (
                  <>
                    {order.customer.name} · <MailLink email={order.customer.email} />
                  </>
                ),
              }
            : { label: t('order.record.customer'), value: t('order.record.accountDeleted') },
          ...(order.customer ? [{ label: t('order.record.customerId'), value: order.customer.id, mono: true }] : []),
          // the team writes to the customer in it (the message templates are in it too)
          { label: t('order.record.language'), value: t(`order.record.languages.${order.customerLanguage}`) },
          { label: t('order.record.createdAt'), value: <time dateTime={order.createdAt}>{format.dateTime(order.createdAt)}</time> },
          {
            label: t('order.record.termsAccepted'),
            value: order.termsAcceptedAt ? (
              <>
                {t('order.record.termsVersion', { version: order.termsVersion ?? '' })} ·{' '}
                <time dateTime={order.termsAcceptedAt}>{format.dateTime(order.termsAcceptedAt)}</time>
              </>
            ) : (
              t('order.record.termsNotYet')
            ),
          },
        ]}
      />
    </Panel>
  );
}
