import { Clock, Handshake, Mail, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { publicConfig } from '@client/lib/public-config';
import { usePageTitle } from '@client/lib/page-title';
import { PageIntro, panelClasses } from './page-intro';
import { TicketForm } from './ticket-form';
import { TicketSuccess, useTicketFlow } from './ticket-success';
import { IconChip } from '@client/components/ui/icon-chip';
import { paths } from '@shared/client-paths';
import { useSession } from '@client/lib/api/session';
import { useOrders } from '@client/lib/api/orders';
import type { TicketCustomer } from './ticket-form';

const linkClasses = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-gold-300';

function ContactCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <IconChip icon={Icon} size="md" />
      <div className="min-w-0 text-sm">
        <h2 className="text-base font-semibold">{title}</h2>
        <div className="mt-1 text-muted">{children}</div>
      </div>
    </div>
  );
}

/**
 * The signed-in customer and her orders, once both are known (null for a visitor, and until then):
 * the form is filled in for her and asks which order it is about.
 */
function useTicketCustomer(): TicketCustomer | null {
  const { user } = useSession();
  const orders = useOrders(Boolean(user));
  if (!user || orders.isPending) return null;
  return { user, orders: orders.data ?? [] };
}

/**
 * /jv-support (docs/product.md, "Client routes"): the support request form and the direct contact
 * email; for a signed-in customer, filled in with her name and email, with a choice of her orders
 * and no affiliate pitch.
 */
export function SupportCenter() {
  const { t } = useTranslation('support');
  usePageTitle(t('meta.supportTitle'), t('meta.supportDescription'));
  const { submitted, formProps, onAgain } = useTicketFlow();
  const customer = useTicketCustomer();
  const signedIn = useSession().user !== null;
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageIntro eyebrow={t('support.eyebrow')} title={t('support.title')} lead={t('support.lead')} />
      <div className="mx-auto -mt-14 grid max-w-6xl gap-6 px-4 pb-16 sm:pb-20 @5xl:grid-cols-[1fr_22rem] @5xl:items-start">
        <section aria-labelledby={submitted ? undefined : 'ticket-form-title'} className={panelClasses}>
          {submitted ? (
            <TicketSuccess kind="support" onAgain={onAgain} />
          ) : (
            <>
              <h2 id="ticket-form-title" className="mb-6 text-xl font-bold">
                {t('support.formTitle')}
              </h2>
              {/* remounted once the session is known: the form's defaults are hers */}
              <TicketForm
                key={customer ? `${customer.user.id}:${customer.orders.length}` : 'visitor'}
                kind="support"
                customer={customer}
                orderId={searchParams.get('order') ?? undefined}
                {...formProps}
              />
            </>
          )}
        </section>
        <aside className="grid gap-4 sm:grid-cols-2 @5xl:grid-cols-1">
          <ContactCard icon={Mail} title={t('contact.title')}>
            <p>{t('contact.text')}</p>
            <a href={`mailto:${publicConfig.supportEmail}`} className={`${linkClasses} mt-1 inline-block break-all`} data-testid="direct-email">
              {publicConfig.supportEmail}
            </a>
          </ContactCard>
          <ContactCard icon={Clock} title={t('contact.responseTitle')}>
            <p>{t('contact.responseText')}</p>
          </ContactCard>
          {/* a customer came for help with her order, not for the affiliate program */}
          {!signedIn && (
            <ContactCard icon={Handshake} title={t('contact.affiliateTitle')}>
              <p>{t('contact.affiliateText')}</p>
              <Link to={paths.affiliatePartner()} className={`${linkClasses} mt-1 inline-block`}>
                {t('contact.affiliateLink')}
              </Link>
            </ContactCard>
          )}
        </aside>
      </div>
    </>
  );
}
