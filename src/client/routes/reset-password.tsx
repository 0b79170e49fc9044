import { Link, useSearchParams } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button';
import { AuthCard } from '@client/features/auth/components/auth-card';
import { ResetPasswordForm } from '@client/features/auth/components/password-reset-forms';
import { usePageTitle } from '@client/lib/page-title';
import { paths } from '@shared/client-paths';

export default function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  usePageTitle(t('resetTitle'), t('resetSubtitle'));
  return (
    <AuthCard title={t('resetTitle')} subtitle={t('resetSubtitle')}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="space-y-4">
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('resetMissingToken')}
          </p>
          <Link to={paths.forgotPassword()} className={buttonClasses('outline', 'md', 'w-full')}>
            {t('requestNewLink')}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
