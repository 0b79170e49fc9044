import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@client/components/ui/button';
import { usePageTitle } from '@client/lib/page-title';

/** Placeholder home until the marketing issue: the hero and the four footer anchors. */
export default function HomeRoute() {
  const { t } = useTranslation();
  usePageTitle('');
  return (
    <>
      <section className="bg-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t('brandTagline')}</h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">{t('footer.about')}</p>
          <Link to="/order" className={buttonClasses('accent', 'lg', 'mt-8')}>
            {t('nav.createLlc')}
          </Link>
        </div>
      </section>
      {(['services', 'process', 'testimonials', 'faq'] as const).map((id) => (
        <section key={id} id={id} className="mx-auto max-w-6xl px-4 py-12">
          <h2 className="text-2xl font-bold">{t(`footer.${id}`)}</h2>
          <p className="mt-2 text-muted">{t('comingSoon.body')}</p>
        </section>
      ))}
    </>
  );
}
