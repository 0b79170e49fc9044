import { useEffect, useRef, useState } from 'react';
import type { TPartnerSigningOpen } from '@shared/filing/facts';
import { AgreementText } from '@client/features/filing/components/agreement-text';
import { SigningReader } from '@client/features/filing/components/signing-reader';
import { Button } from '@client/components/ui/button';
import { ErrorBox, FileLink, InlineLoading } from '@client/components/ui/data-views';
import { ApiError } from '@client/lib/api-client';
import { partnerAgreementUrl, usePartnerSign, usePartnerSigning } from '@client/lib/api/filing';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { useSearchParams } from '@client/lib/router';
import { useFormats } from '@client/lib/use-formats';

const noticeClasses = 'rounded-lg border p-4 break-words';
const goneClasses = `${noticeClasses} border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100`;
const doneClasses = `${noticeClasses} border-green-300 bg-green-50 font-medium text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100`;

/**
 * /sign?token=: the partner, who has no account, reads the Operating Agreement and signs it
 * through the emailed link. The link works once; once used it says who signed and when and gives
 * the signed copy; a replaced or expired one says so.
 */
export default function SignRoute() {
  const { t } = useTranslation('filing');
  const format = useFormats();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signing = usePartnerSigning(token);
  const heading =
    signing.data?.state === 'signed'
      ? t('partnerPage.signedTitle')
      : signing.data
        ? t('partnerPage.title', { company: signing.data.companyName })
        : t('partnerPage.heading');
  usePageTitle(heading);

  const gone = signing.error instanceof ApiError && (signing.error.status === 410 || signing.error.status === 400);
  return (
    <section className="mx-auto w-full max-w-3xl min-w-0 space-y-6 px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-bold break-words">{heading}</h1>
      {!token || gone ? (
        <p role="alert" className={goneClasses}>
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
      ) : signing.data.state === 'signed' ? (
        <div className="space-y-4">
          <p className={doneClasses} data-testid="partner-signed">
            {t('partnerPage.signed', { name: signing.data.partnerName, company: signing.data.companyName, date: format.date(signing.data.signedAt, 'long') })}
          </p>
          <FileLink wrap="words" href={partnerAgreementUrl(token)}>
            {t('partnerPage.signedCopy')}
          </FileLink>
        </div>
      ) : (
        <OpenLink token={token} signing={signing.data} />
      )}
    </section>
  );
}

function OpenLink({ token, signing }: { token: string; signing: TPartnerSigningOpen }) {
  const { t } = useTranslation('filing');
  const format = useFormats();
  const sign = usePartnerSign();
  const [reading, setReading] = useState(false);
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const readButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (done)
    return (
      <div className="space-y-4">
        <p ref={doneRef} tabIndex={-1} role="status" className={doneClasses}>
          {t('partnerPage.done', { company: signing.companyName })}
        </p>
        <FileLink wrap="words" href={partnerAgreementUrl(token)}>
          {t('partnerPage.signedCopy')}
        </FileLink>
      </div>
    );
  return (
    <div className="space-y-6">
      <p className="break-words">{t('partnerPage.lead', { organizer: signing.organizerName, company: signing.companyName })}</p>
      <p className="text-sm break-words text-muted">{t('partnerPage.expires', { date: format.date(signing.expiresAt, 'long') })}</p>
      <Button ref={readButton} className="h-auto min-h-10 py-2 text-left whitespace-normal" onClick={() => (sign.reset(), setReading(true))}>
        {t('documents.readAndSign', { document: t('documents.operating_agreement') })}
      </Button>
      {reading && (
        <SigningReader
          title={t('partnerPage.title', { company: signing.companyName })}
          downloadHref={partnerAgreementUrl(token)}
          downloadLabel={t('partnerPage.download')}
          adoptedName={signing.partnerName}
          busy={sign.isPending}
          error={sign.error}
          onClose={() => {
            setReading(false);
            requestAnimationFrame(() => readButton.current?.focus());
          }}
          onSign={(typedName) =>
            sign.mutate(
              { token, version: signing.version, typedName, consent: true, language: format.language },
              {
                onSuccess: () => {
                  setReading(false);
                  setDone(true);
                },
              },
            )
          }
        >
          <p className="break-words text-muted">{t('sign.agreementNote')}</p>
          <AgreementText agreement={signing.agreement[format.language]} lang={format.language} />
        </SigningReader>
      )}
    </div>
  );
}
