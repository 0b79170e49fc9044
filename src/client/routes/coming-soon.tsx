import { useTranslation } from '@client/lib/i18n';

/** Placeholder body for routes whose screens belong to later issues. */
export default function ComingSoonRoute() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('comingSoon.title')}</h1>
      <p className="mt-2 text-muted">{t('comingSoon.body')}</p>
    </section>
  );
}
