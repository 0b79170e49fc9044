import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { paths } from '@shared/client-paths';

/** The three policy pages and their labels. */
export const legalLinks = [
  [paths.terms(), 'common:footer.terms'],
  [paths.privacy(), 'common:footer.privacy'],
  [paths.refund(), 'common:footer.refund'],
] as const;

const footerLinkClasses = 'text-sm text-muted hover:text-fg hover:underline';

/** A titled column of footer links (the site footer's quick and legal links, /v2's legal links). */
export function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold uppercase tracking-wide">
        {title}
      </h2>
      <ul className="space-y-2">
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} className={footerLinkClasses}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The copyright and the disclaimer at the foot of the site footer and of /v2's. */
export function FooterFinePrint() {
  const { t } = useTranslation('common');
  return (
    <div className="border-t border-line">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4 text-xs text-muted sm:flex-row sm:justify-between">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <p>{t('footer.disclaimer')}</p>
      </div>
    </div>
  );
}
