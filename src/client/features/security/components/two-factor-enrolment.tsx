import { Smartphone } from 'lucide-react';
import { CopyButton } from '@client/components/copy-button';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TSessionUser } from '@shared/auth';
import type { TTwoFactorSetup } from '@shared/security';
import { PasswordField } from '@client/components/ui/password-field';
import { Button, buttonClasses } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { useConfirmTwoFactor, useEnableTwoFactor } from '@client/lib/api/security';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { CodeField } from '@client/components/ui/code-field';
import { RecoveryCodes } from './recovery-codes';

type Step = { name: 'password' } | { name: 'scan'; setup: TTwoFactorSetup } | { name: 'codes'; setup: TTwoFactorSetup; user: TSessionUser };

/** A field's error from the server's answer ('security.codeWrong'), or the whole answer's for the banner. */
function useFailure() {
  const { t } = useTranslation(['security', 'auth']);
  const [failure, setFailure] = useState<{ field?: string; banner?: string }>({});
  const fail = (error: unknown, field: string) => {
    const key = error instanceof ApiError ? error.fields[field] : undefined;
    setFailure(key ? { field: translateMessage(t, key) } : { banner: errorMessage(t, error) });
  };
  /** a field left empty, said before anything is sent */
  const missing = (key: string) => setFailure({ field: translateMessage(t, key) });
  return { failure, fail, missing, clear: () => setFailure({}) };
}

/** The secret in groups of four, as authenticator apps show keys: easier to type without a slip. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app, in three steps: the password again, the QR code (and
 * the same secret as text) with the first code to confirm it, then the ten recovery codes, shown
 * once. `onEnabled` hears at once that the server accepted the code (the factor is on from then,
 * codes saved or not); `onDone` gets the user with the factor on once the codes are saved. An administrator's
 * enrolment sends the one-time link's `enrolmentToken` with both requests (ADR 0027).
 */
export function TwoFactorEnrolment({
  email,
  onDone,
  onEnabled,
  onCancel,
  focusOnOpen = false,
  enrolmentToken,
  headingLevel = 3,
}: {
  email: string;
  onDone(user: TSessionUser): void;
  onEnabled?(): void;
  /** the steps' heading level under the page's: 2 on a page of its own, 3 inside a panel */
  headingLevel?: 2 | 3;
  onCancel?(): void;
  focusOnOpen?: boolean;
  enrolmentToken?: string;
}) {
  const { t } = useTranslation(['security', 'auth']);
  const [step, setStep] = useState<Step>({ name: 'password' });
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // each new step moves the keyboard to its heading; the first only when opened in place of the
  // button that asked for it (focusOnOpen), else the page decides
  useEffect(() => {
    if (!first.current || focusOnOpen) heading.current?.focus();
    first.current = false;
  }, [step.name, focusOnOpen]);

  const stepNumber = { password: 1, scan: 2, codes: 3 }[step.name];
  const Heading = `h${headingLevel}` as const;
  const title = t(`enrol.step${stepNumber as 1 | 2 | 3}`);
  return (
    <div className="space-y-4" data-testid="two-factor-enrolment">
      <Heading ref={heading} tabIndex={-1} className="text-base font-semibold">
        <span className="text-muted">{stepNumber}/3 · </span>
        {title}
      </Heading>
      {step.name === 'password' && <PasswordStep enrolmentToken={enrolmentToken} onSetup={(setup) => setStep({ name: 'scan', setup })} onCancel={onCancel} />}
      {step.name === 'scan' && (
        <ScanStep
          enrolmentToken={enrolmentToken}
          setup={step.setup}
          onConfirmed={(user) => {
            setStep({ name: 'codes', setup: step.setup, user });
            onEnabled?.();
          }}
          onCancel={onCancel}
        />
      )}
      {step.name === 'codes' && (
        <>
          <p className="text-sm text-muted">{t('enrol.codesBody')}</p>
          <RecoveryCodes codes={step.setup.recoveryCodes} email={email} />
          <Button onClick={() => onDone(step.user)}>{t('enrol.saved')}</Button>
        </>
      )}
    </div>
  );
}

function Actions({ children, onCancel }: { children: ReactNode; onCancel?(): void }) {
  const { t } = useTranslation('security');
  return (
    <div className="flex flex-wrap gap-2">
      {children}
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          {t('enrol.cancel')}
        </Button>
      )}
    </div>
  );
}

function PasswordStep({ enrolmentToken, onSetup, onCancel }: { enrolmentToken?: string; onSetup(setup: TTwoFactorSetup): void; onCancel?(): void }) {
  const { t } = useTranslation(['security', 'auth']);
  const enable = useEnableTwoFactor();
  const [password, setPassword] = useState('');
  const { failure, fail, missing, clear } = useFailure();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    if (!password) return missing('auth.passwordRequired');
    try {
      onSetup(await enable.mutateAsync({ password, enrolmentToken }));
    } catch (error) {
      fail(error, 'password');
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={failure.banner ?? null} />
      <PasswordField
        label={t('enrol.password')}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={failure.field}
      />
      <Actions onCancel={onCancel}>
        <Button type="submit" busy={enable.isPending}>
          {t('enrol.continue')}
        </Button>
      </Actions>
    </form>
  );
}

function ScanStep({
  enrolmentToken,
  setup,
  onConfirmed,
  onCancel,
}: {
  enrolmentToken?: string;
  setup: TTwoFactorSetup;
  onConfirmed(user: TSessionUser): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation('security');
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const { failure, fail, missing, clear } = useFailure();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    if (!code.trim()) return missing('security.codeFromApp');
    try {
      onConfirmed((await confirm.mutateAsync({ code, enrolmentToken })).user);
    } catch (error) {
      fail(error, 'code');
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-muted">{t('enrol.scanBody')}</p>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {/* drawn on the server as SVG; dark and light squares stay as drawn in both themes */}
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t('enrol.qrAlt')}
          width={176}
          height={176}
          className="rounded-lg border border-line bg-white p-2"
        />
        <div className="min-w-0">
          <p className="text-sm font-medium">{t('enrol.secretLabel')}</p>
          <p className="mt-1 font-mono text-base tracking-wider break-all select-all" data-testid="totp-secret">
            {grouped(setup.secret)}
          </p>
          {/* on the phone that shows this page a QR code cannot be scanned: the key to paste, or the app opened with it */}
          <div className="mt-3 flex flex-wrap gap-2">
            <CopyButton text={setup.secret} label={t('enrol.copyKey')} copiedLabel={t('enrol.keyCopied')} testId="copy-key" />
            <a
              href={setup.totpUri}
              className={buttonClasses('outline', 'sm', 'h-auto min-h-9 py-1.5 text-left whitespace-normal')}
              data-testid="open-authenticator"
            >
              <Smartphone className="size-4" aria-hidden />
              {t('enrol.openApp')}
            </a>
          </div>
        </div>
      </div>
      <FormError message={failure.banner ?? null} />
      <CodeField label={t('enrol.code')} required value={code} onChange={(event) => setCode(event.target.value)} error={failure.field} inputMode="numeric" />
      <Actions onCancel={onCancel}>
        <Button type="submit" busy={confirm.isPending}>
          {confirm.isPending ? t('enrol.confirming') : t('enrol.confirm')}
        </Button>
      </Actions>
    </form>
  );
}
