import { useEffect, useRef, useState } from 'react';
import { AgreementText } from '@client/features/filing/components/agreement-text';
import { SignForm } from '@client/features/filing/components/sign-form';
import { ErrorBox, FileLink, InlineLoading } from '@client/components/ui/data-views';
import { ApiError } from '@client/lib/api-client';
import { partnerAgreementUrl, usePartnerSign, usePartnerSigning } from '@client/lib/api/filing';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { useSearchParams } from '@client/lib/router';
import { useFormats } from '@client/lib/use-formats';

/**
 * /sign?token=: the partner, who has no account, reads the Operating Agreement and
 * signs it through the emailed link. The link works once; a used or expired one says so.
 */
export default function SignRoute() {
  const { t } = useTranslation('filing');
  const format = useFormats();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signing = usePartnerSigning(token);
  const sign = usePartnerSign();
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const heading = signing.data ? t('partnerPage.title', { company: signing.data.companyName }) : t('partnerPage.heading');
  usePageTitle(heading);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const gone = signing.error instanceof ApiError && (signing.error.status === 410 || signing.error.status === 400);
  return (
    <section className="mx-auto w-full max-w-3xl min-w-0 space-y-6 px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-bold break-words">{heading}</h1>
      {!token || gone ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-400 bg-amber-50 p-4 break-words text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {token ? t('partnerPage.gone') : t('partnerPage.missingToken')}
        </p>
      ) : signing.isPending ? (
        <InlineLoading label={t('partnerPage.loading')} />
      ) : signing.isError ? (
        <ErrorBox
          title={t('partnerPage.loading')}
          detail={errorMessage(t, signing.error)}
          onRetry={() => void signing.refetch()}
          retrying={signing.isFetching}
        />
      ) : done ? (
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="rounded-lg border border-green-300 bg-green-50 p-4 font-medium break-words text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
        >
          {done}
        </p>
      ) : (
        <div className="space-y-6">
          <p className="break-words">{t('partnerPage.lead', { organizer: signing.data.organizerName, company: signing.data.companyName })}</p>
          <p className="break-words text-muted">{t('sign.agreementNote')}</p>
          <AgreementText agreement={signing.data.agreement[format.language]} lang={format.language} label={t('documents.operating_agreement')} />
          <FileLink wrap="words" href={partnerAgreementUrl(token)}>
            {t('partnerPage.download')}
          </FileLink>
          <p className="text-sm break-words text-muted">{t('partnerPage.expires', { date: format.date(signing.data.expiresAt, 'long') })}</p>
          <SignForm
            expectedName={signing.data.partnerName}
            sha256={signing.data.sha256}
            busy={sign.isPending}
            error={sign.error}
            onSign={(typedName) =>
              sign.mutate(
                { token, version: signing.data.version, typedName, consent: true, language: format.language },
                { onSuccess: () => setDone(t('partnerPage.done', { company: signing.data.companyName })) },
              )
            }
          />
        </div>
      )}
    </section>
  );
}
