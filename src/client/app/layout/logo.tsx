import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { paths } from '@shared/client-paths';

export function Logo({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.home()} className={`flex items-center gap-2 font-bold text-fg ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-brand-700 dark:fill-brand-500" />
        <path d="M6 23 13 11l4 6 3-4 6 10z" className="fill-gold-400" />
      </svg>
      <span className="text-lg leading-none">
        {t('brand')}
        <span className="block text-[0.7rem] font-medium tracking-wide text-muted">{t('brandTagline')}</span>
      </span>
    </Link>
  );
}
