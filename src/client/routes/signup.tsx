import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '@client/features/auth/components/auth-card';
import { SignupForm } from '@client/features/auth/components/signup-form';
import { usePageTitle } from '@client/lib/page-title';

export default function SignupRoute() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signup'), t('signupSubtitle'));
  return (
    <AuthCard
      title={t('signupTitle')}
      subtitle={t('signupSubtitle')}
      footer={
        <>
          {t('haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-gold-300">
            {t('login')}
          </Link>
        </>
      }
    >
      <SignupForm />
    </AuthCard>
  );
}
