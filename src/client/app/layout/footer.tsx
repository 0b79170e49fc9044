import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePrice } from '@client/lib/price';
import { publicConfig } from '@client/lib/public-config';
import { Logo } from './logo';

const linkClasses = 'text-sm text-muted hover:text-fg hover:underline';

export function Footer() {
  const { t } = useTranslation();
  const { price } = usePrice();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface-muted">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-muted">{t('footer.about', { price })}</p>
        </div>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="mb-3 text-sm font-semibold uppercase tracking-wide">
            {t('footer.quickLinks')}
          </h2>
          <ul className="space-y-2">
            <li><Link className={linkClasses} to="/#services">{t('footer.services')}</Link></li>
            <li><Link className={linkClasses} to="/#process">{t('footer.process')}</Link></li>
            <li><Link className={linkClasses} to="/#testimonials">{t('footer.testimonials')}</Link></li>
            <li><Link className={linkClasses} to="/#faq">{t('footer.faq')}</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 text-sm font-semibold uppercase tracking-wide">
            {t('footer.legal')}
          </h2>
          <ul className="space-y-2">
            <li><Link className={linkClasses} to="/terms">{t('footer.terms')}</Link></li>
            <li><Link className={linkClasses} to="/privacy">{t('footer.privacy')}</Link></li>
            <li><Link className={linkClasses} to="/refund">{t('footer.refund')}</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide">{t('footer.contact')}</h2>
          <p className="text-sm text-muted">{t('footer.contactLead')}</p>
          <a className="text-sm font-medium text-brand-700 hover:underline dark:text-gold-300" href={`mailto:${publicConfig.supportEmail}`} data-testid="support-email">
            {publicConfig.supportEmail}
          </a>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4 text-xs text-muted sm:flex-row sm:justify-between">
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.disclaimer')}</p>
        </div>
      </div>
    </footer>
  );
}
