import { Lightbulb } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';

/** Side panel: a helpful next step once the LLC is on its way. */
export function TipCard() {
  const { t } = useTranslation('dashboard');
  return (
    <section className="rounded-2xl border border-gold-300 bg-gold-300/15 p-5 dark:border-gold-700 dark:bg-gold-700/15">
      <h2 className="flex items-center gap-2 text-sm font-bold text-gold-700 dark:text-gold-300">
        <Lightbulb className="size-4" aria-hidden />
        {t('tip.title')}
      </h2>
      <p className="mt-2 text-sm text-fg">{t('tip.body')}</p>
    </section>
  );
}
