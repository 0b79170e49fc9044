import { Link, useLocation } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { isLanguage, shellTitle } from '@shared/languages';
import { externallyHandledPrefix } from '@shared/routes';
import { buttonClasses } from '@client/components/ui/button';
import { useDocumentHead, usePageTitle } from '@client/lib/page-title';
import { paths } from '@shared/client-paths';

/** The 404 screen; also a state guide's for a slug that names no state. */
export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'), t('notFound.description'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-brand-700 dark:text-gold-300">404</p>
      <h1 className="mt-4 text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 text-muted">{t('notFound.body')}</p>
      <Link to={paths.home()} className={buttonClasses('primary', 'md', 'mt-8')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}

/** Renders nothing, but the tab still reads the site's title in the page's language, not the last page's. */
function ExternallyHandled() {
  const { i18n } = useTranslation();
  useDocumentHead(shellTitle[isLanguage(i18n.language) ? i18n.language : 'en']);
  return null;
}

/** docs/product.md, "Client routes": paths beginning with /affiliate are handled elsewhere and render nothing here. */
export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return pathname.startsWith(externallyHandledPrefix) ? <ExternallyHandled /> : <NotFound />;
}
