import { QueryClientProvider } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { TSessionUser } from '@shared/auth';
import { toast } from '@client/components/ui/toast';
import { setSession } from '@client/lib/api/session';
import { queryClient } from '@client/lib/query-client';
import { useTranslation } from '@client/lib/i18n';
import { usePageTitle } from '@client/lib/page-title';
import { enrolmentToken, forgetEnrolmentLink } from '../enrolment-link';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/**
 * What every admin page shows an administrator without a second factor: the server
 * answers 403 second_factor_required to every admin endpoint until the enrolment is done. Once the
 * recovery codes are saved the session store learns the factor is on, and the page asked for opens.
 * Only the one-time link an operator gave the administrator opens the enrolment (ADR 0027):
 * without it the screen says so instead of asking for a password the server would refuse.
 */
export default function AdminEnrolmentScreen({ user }: { user: TSessionUser }) {
  const { t } = useTranslation(['security', 'auth']);
  usePageTitle(t('enrol.adminTitle'));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const token = enrolmentToken();
  return (
    <div className="flex min-h-full items-start justify-center bg-surface-muted px-4 py-10 sm:py-16">
      <section aria-labelledby="admin-enrolment-title" className="w-full max-w-xl rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 id="admin-enrolment-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <ShieldCheck className="size-6 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />
          {t('enrol.adminTitle')}
        </h1>
        <p className="mt-2 text-sm text-muted">{t('enrol.adminBody')}</p>
        <div className="mt-6">
          {token ? (
            /* shown by the admin layout in place of the pages, so outside their query layout */
            <QueryClientProvider client={queryClient}>
              <TwoFactorEnrolment
                email={user.email}
                enrolmentToken={token}
                headingLevel={2}
                onDone={(next) => {
                  forgetEnrolmentLink();
                  setSession(next);
                  void toast('success', t('enrol.done'), t('enrol.doneBody'));
                }}
              />
            </QueryClientProvider>
          ) : (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              data-testid="enrolment-link-required"
            >
              {t('security:enrolmentLinkRequired')}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
