import { useTranslation } from '@client/lib/i18n';
import { FooterFinePrint, FooterLinks, legalLinks } from '@client/components/footer-links';
import { usePrice } from '@client/lib/price';
import { publicConfig } from '@client/lib/public-config';
import { paths } from '@shared/client-paths';
import { Logo } from './logo';

const quickLinks = [
  [paths.home({ hash: 'services' }), 'footer.services'],
  [paths.home({ hash: 'process' }), 'footer.process'],
  [paths.home({ hash: 'testimonials' }), 'footer.testimonials'],
  [paths.home({ hash: 'faq' }), 'footer.faq'],
] as const;

export function Footer() {
  const { t } = useTranslation();
  const { price } = usePrice();
  return (
    // columns on the footer's width in rem (a container query): large text gets one column
    <footer className="@container border-t border-line bg-surface-muted">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 @min-[40rem]:grid-cols-2 @min-[64rem]:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-muted">{t('footer.about', { price })}</p>
        </div>
        <FooterLinks id="footer-quick" title={t('footer.quickLinks')} links={quickLinks.map(([to, key]) => ({ to, label: t(key) }))} />
        <FooterLinks id="footer-legal" title={t('footer.legal')} links={legalLinks.map(([to, key]) => ({ to, label: t(key) }))} />
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide">{t('footer.contact')}</h2>
          <p className="text-sm text-muted">{t('footer.contactLead')}</p>
          <a
            className="text-sm font-medium wrap-anywhere text-brand-700 hover:underline dark:text-gold-300"
            href={`mailto:${publicConfig.supportEmail}`}
            data-testid="support-email"
          >
            {publicConfig.supportEmail}
          </a>
        </div>
      </div>
      <FooterFinePrint />
    </footer>
  );
}
