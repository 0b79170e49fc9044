import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { AuthCard } from '@client/features/auth/components/auth-card';
import { RedirectSignedIn, useAuthSwitchLink } from '@client/features/auth/components/redirect-signed-in';
import { SignupForm } from '@client/features/auth/components/signup-form';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';

export default function SignupRoute() {
  const { t } = useTranslation('auth');
  const { price } = usePrice();
  const loginLink = useAuthSwitchLink('login');
  usePageTitle(t('signup'), t('signupSubtitle', { price }));
  return (
    <RedirectSignedIn>
      <AuthCard
        title={t('signupTitle')}
        subtitle={t('signupSubtitle', { price })}
        footer={
          <>
            {t('haveAccount')}{' '}
            <Link to={loginLink.to} state={loginLink.state} className="font-semibold text-brand-700 hover:underline dark:text-gold-300">
              {t('login')}
            </Link>
          </>
        }
      >
        <SignupForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
