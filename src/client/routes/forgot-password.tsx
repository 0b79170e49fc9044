import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { AuthCard } from '@client/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@client/features/auth/components/password-reset-forms';
import { usePageTitle } from '@client/lib/page-title';
import { paths } from '@shared/client-paths';

export default function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgotTitle'), t('forgotSubtitle'));
  return (
    <AuthCard
      title={t('forgotTitle')}
      subtitle={t('forgotSubtitle')}
      footer={
        <Link to={paths.login()} className="font-semibold text-brand-700 hover:underline dark:text-gold-300">
          {t('backToLogin')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
