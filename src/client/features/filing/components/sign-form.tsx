import { type FormEvent, useId, useRef, useState } from 'react';
import { consentSentence } from '@shared/filing/facts-model';
import { Button } from '@client/components/ui/button';
import { FormError, TextField } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useLanguage } from '@client/lib/use-formats';

interface SignFormProps {
  /** the signer's legal name as the order records it: the signature adopted, which the typed one must match */
  expectedName: string;
  busy: boolean;
  error: unknown;
  onSign: (typedName: string) => void;
  onCancel?: () => void;
}

/**
 * An electronic signature (ESIGN/UETA), as signing services do it: the signer adopts their legal
 * name as recorded on the order (shown as the signature, accents and case as recorded), types it
 * to adopt it and ticks the consent sentence; the server keeps the typed text, the sentence and
 * the document's SHA-256 as the evidence (the signed PDF's last page), not on this form.
 */
export function SignForm({ expectedName, busy, error, onSign, onCancel }: SignFormProps) {
  const { t } = useTranslation('filing');
  const language = useLanguage();
  const consentId = useId();
  const [typedName, setTypedName] = useState('');
  const [consent, setConsent] = useState(false);
  const [missing, setMissing] = useState<'name' | 'consent' | null>(null);
  const adoptId = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const consentInput = useRef<HTMLInputElement>(null);

  const fields = error instanceof ApiError ? error.fields : {};
  const nameError = missing === 'name' ? t('errors.required') : fields.typedName ? translateMessage(t, fields.typedName) : undefined;
  const consentError = missing === 'consent' ? t('errors.consent') : undefined;
  const formError = error && Object.keys(fields).length === 0 ? errorMessage(t, error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!typedName.trim()) {
      setMissing('name');
      nameInput.current?.focus();
      return;
    }
    if (!consent) {
      setMissing('consent');
      consentInput.current?.focus();
      return;
    }
    setMissing(null);
    onSign(typedName.trim());
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={adoptId}>
      <div className="space-y-1">
        <h3 id={adoptId} className="text-base font-semibold">
          {t('sign.adoptTitle')}
        </h3>
        <p className="break-words text-muted">{t('sign.adoptLead')}</p>
        <p
          className="rounded-lg border border-line bg-surface-muted px-4 py-3 font-serif text-2xl break-words text-brand-800 italic dark:text-gold-300"
          data-testid="adopted-signature"
        >
          {expectedName}
        </p>
      </div>
      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-medium text-fg">{t('sign.consent')}</legend>
        <label className="flex items-start gap-2 break-words">
          <input
            ref={consentInput}
            type="checkbox"
            checked={consent}
            aria-invalid={Boolean(consentError)}
            aria-describedby={consentError ? consentId : undefined}
            onChange={(event) => {
              setConsent(event.target.checked);
              if (missing === 'consent') setMissing(null);
            }}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          <span className="min-w-0">{consentSentence[language]}</span>
        </label>
        {consentError && (
          <p id={consentId} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {consentError}
          </p>
        )}
      </fieldset>
      <TextField
        ref={nameInput}
        label={t('sign.typedName')}
        hint={t('sign.typedNameHint', { name: expectedName })}
        value={typedName}
        autoComplete="name"
        maxLength={120}
        required
        error={nameError}
        onChange={(event) => {
          setTypedName(event.target.value);
          if (missing === 'name') setMissing(null);
        }}
      />
      <FormError message={formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" busy={busy}>
          {busy ? t('sign.signing') : t('sign.submit')}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
            {t('sign.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
