import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TSessionUser } from '@shared/auth';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toast';
import { ApiError } from '@client/lib/api-client';
import { useResendVerification } from '@client/lib/api/auth';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import { useSearchParams } from '@client/lib/router';

/**
 * The address's confirmation (docs/product.md "Email addresses are proven"): what the emailed
 * link said once it was opened (`?email=verified` or `invalid`, then taken off the address), and
 * while the address is unconfirmed, why it matters and a way to have the link sent again.
 */
export function ConfirmEmail({ user }: { user: TSessionUser }) {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const resend = useResendVerification();
  const [sent, setSent] = useState(false);
  const said = useRef(false);
  const outcome = params.get('email');

  useEffect(() => {
    if (said.current || (outcome !== 'verified' && outcome !== 'invalid')) return;
    said.current = true;
    if (outcome === 'verified') void toast('success', t('confirmEmail.verified'));
    else void toast('error', t('confirmEmail.invalid'));
    setParams(
      (previous) => {
        previous.delete('email');
        return previous;
      },
      { replace: true },
    );
  }, [outcome, setParams, t]);

  if (user.emailVerified) return null;
  const problem =
    resend.error instanceof ApiError && resend.error.code === 'rate_limited' ? t('confirmEmail.tooMany') : resend.error ? errorMessage(t, resend.error) : null;
  return (
    <section aria-labelledby="confirm-email-title" className="rounded-2xl border border-(--border) bg-surface p-4 shadow-sm sm:p-6" data-testid="confirm-email">
      <h2 id="confirm-email-title" className="flex items-center gap-2 text-lg font-bold tracking-tight">
        <MailCheck className="size-5 shrink-0 text-brand-700 dark:text-gold-300" aria-hidden />
        {t('confirmEmail.title')}
      </h2>
      <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">{t('confirmEmail.lead', { email: user.email })}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" busy={resend.isPending} onClick={() => resend.mutate(undefined, { onSuccess: () => setSent(true) })}>
          {t('confirmEmail.resend')}
        </Button>
        {/* a line of its own, so a long address wraps inside the card on a narrow phone */}
        <p role="status" className="w-full min-w-0 text-sm [overflow-wrap:anywhere]">
          {problem ?? (sent ? t('confirmEmail.sent', { email: user.email }) : '')}
        </p>
      </div>
    </section>
  );
}
