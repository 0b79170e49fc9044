import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { AuthCard } from '@client/features/auth/components/auth-card';
import { RedirectSignedIn, useAuthSwitchLink } from '@client/features/auth/components/redirect-signed-in';
import { LoginForm } from '@client/features/auth/components/login-form';
import { usePageTitle } from '@client/lib/page-title';

export default function LoginRoute() {
  const { t } = useTranslation('auth');
  const signupLink = useAuthSwitchLink('signup');
  usePageTitle(t('login'), t('loginDescription'));
  return (
    <RedirectSignedIn>
      <AuthCard
        title={t('loginTitle')}
        subtitle={t('loginSubtitle')}
        footer={
          <>
            {t('noAccount')}{' '}
            <Link to={signupLink.to} state={signupLink.state} className="font-semibold text-brand-700 hover:underline dark:text-gold-300">
              {t('signup')}
            </Link>
          </>
        }
      >
        <LoginForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
