import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import type { TSessionUser } from '@shared/auth';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/field';
import { usePasskeySignIn } from '@client/lib/api/security';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import { PasskeyDeviceError, usePasskeysSupported } from '@client/lib/webauthn';

/**
 * "Sign in with a passkey": no email, no password; the device offers the passkeys it
 * holds for this site and checks its owner. Under the password form, and in the code step as the
 * other way to give the second factor. Not shown where the browser has no passkeys at all.
 */
export function PasskeySignIn({ onSignedIn, variant = 'signIn' }: { onSignedIn(user: TSessionUser): void; variant?: 'signIn' | 'instead' }) {
  const { t } = useTranslation('auth');
  const signIn = usePasskeySignIn();
  const [problem, setProblem] = useState<string | null>(null);
  const supported = usePasskeysSupported();
  if (!supported) return null;

  const start = async () => {
    setProblem(null);
    try {
      onSignedIn((await signIn.mutateAsync()).user);
    } catch (error) {
      setProblem(error instanceof PasskeyDeviceError ? t(`passkey.${error.problem}`) : errorMessage(t, error));
    }
  };

  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted uppercase" aria-hidden>
        <span className="flex-1 border-t border-line" />
        {t('passkey.or')}
        <span className="flex-1 border-t border-line" />
      </p>
      <Button variant="outline" className="w-full" busy={signIn.isPending} onClick={() => void start()}>
        <Fingerprint className="size-4" aria-hidden />
        {signIn.isPending ? t('passkey.waiting') : t(variant === 'instead' ? 'passkey.instead' : 'passkey.signIn')}
      </Button>
      <FormError message={problem} />
    </div>
  );
}
