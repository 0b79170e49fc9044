import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ZCompanyFactsInput, type TCompanyFactsInput, type TPacket } from '@shared/filing/facts';
import { addressChoices, applyReasons, managementKinds, principalActivities, type CompanyFacts } from '@shared/filing/facts-model';
import { Button } from '@client/components/ui/button';
import { Field, FormError, inputClasses, TextField } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { useSaveFacts } from '@client/lib/api/filing';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';

/** What the form holds: the facts with shares as typed percentages. */
type Draft = Omit<CompanyFacts, 'organizerShare' | 'partnerShare' | 'tradeName' | 'employeesExpected' | 'firstWagesDate'> & {
  organizerShare: string;
  partnerShare: string;
  tradeName: string;
  employeesExpected: string;
  firstWagesDate: string;
};

const percent = (basisPoints: number | null) => (basisPoints === null ? '' : String(basisPoints / 100));
const toDraft = (facts: CompanyFacts): Draft => ({
  ...facts,
  organizerShare: percent(facts.organizerShare),
  partnerShare: percent(facts.partnerShare),
  tradeName: facts.tradeName ?? '',
  employeesExpected: String(facts.employeesExpected),
  firstWagesDate: facts.firstWagesDate ?? '',
});
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/**
 * The company details step (loaded when opened, with the validation schema the server
 * uses). Checked here first, then on the server; the first field in error takes the focus.
 */
export default function FactsForm({
  orderId,
  packet,
  orderAddress,
  onDone,
  onCancel,
}: {
  orderId: string;
  packet: TPacket;
  orderAddress: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('filing');
  const format = useFormats();
  const save = useSaveFacts(orderId);
  const formId = useId();
  const organizer = packet.members[0]!;
  const partner = packet.members[1];
  const [draft, setDraft] = useState<Draft>(() => toDraft(packet.facts ?? packet.defaults));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input, select')?.focus(), []);

  const serverFields = save.error instanceof ApiError ? save.error.fields : {};
  const errors: Record<string, string> = { ...serverFields, ...clientErrors };
  const errorOf = (field: string) => (errors[field] ? translateMessage(t, errors[field]) : undefined);
  const formError = save.isError && Object.keys(serverFields).length === 0 ? errorMessage(t, save.error) : null;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) {
      setClientErrors(({ [key]: _gone, ...rest }) => rest);
      save.reset();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const input: TCompanyFactsInput = {
      ...draft,
      organizerShare: toNumber(draft.organizerShare),
      partnerShare: partner ? toNumber(draft.partnerShare) : null,
      tradeName: draft.tradeName || null,
      employeesExpected: toNumber(draft.employeesExpected),
      firstWagesDate: draft.firstWagesDate || null,
    };
    const checked = ZCompanyFactsInput.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setClientErrors(found);
      // after the render that shows the messages: the first invalid control
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setClientErrors({});
    save.mutate(input, {
      onSuccess: onDone,
      onError: () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
    });
  };

  const choice = <T extends string>({
    field,
    legend,
    values,
    label,
    hint,
  }: {
    field: keyof Draft;
    legend: string;
    values: readonly T[];
    label: (value: T) => string;
    hint?: ReactNode;
  }) => (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      {values.map((value) => (
        <label key={value} className="flex items-start gap-2 break-words">
          <input
            type="radio"
            name={`${formId}-${field}`}
            value={value}
            checked={draft[field] === value}
            onChange={() => set(field, value as Draft[typeof field])}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          <span className="min-w-0">{label(value)}</span>
        </label>
      ))}
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </fieldset>
  );
  const addressLabel = (value: (typeof addressChoices)[number]) =>
    value === 'own'
      ? t('form.addressOwn', { address: orderAddress })
      : t('form.addressAgent', { address: packet.agent.placeholder ? t('summary.agentPlaceholder') : packet.agent.address });
  const months = Array.from({ length: 12 }, (_, index) => ({
    value: index + 1,
    label: new Intl.DateTimeFormat(format.language === 'es' ? 'es-419' : 'en-US', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, index, 1)),
  }));

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5" data-testid="facts-form">
      <p className="text-sm break-words text-muted">{t('form.rules')}</p>
      <TextField
        label={t('form.purpose')}
        hint={t('form.purposeHint')}
        value={draft.purpose}
        maxLength={300}
        required
        error={errorOf('purpose')}
        onChange={(event) => set('purpose', event.target.value)}
      />
      {choice({
        field: 'management',
        legend: t('form.management'),
        values: managementKinds,
        label: (value) => t(value === 'member' ? 'form.managementMember' : 'form.managementManager'),
      })}
      {choice({ field: 'principalOffice', legend: t('form.principalOffice'), values: addressChoices, label: addressLabel })}
      {choice({ field: 'mailingAddress', legend: t('form.mailingAddress'), values: addressChoices, label: addressLabel })}
      <fieldset className="min-w-0 space-y-3">
        <legend className="mb-1 text-sm font-medium text-fg">{t('form.shares')}</legend>
        <p className="text-xs text-muted">{t('form.sharesHint')}</p>
        <TextField
          label={t('form.shareOf', { name: organizer.name })}
          inputMode="decimal"
          value={draft.organizerShare}
          required
          error={errorOf('organizerShare')}
          onChange={(event) => set('organizerShare', event.target.value)}
        />
        {partner && (
          <TextField
            label={t('form.shareOf', { name: partner.name })}
            inputMode="decimal"
            value={draft.partnerShare}
            required
            error={errorOf('partnerShare')}
            onChange={(event) => set('partnerShare', event.target.value)}
          />
        )}
      </fieldset>
      <TextField
        label={t('form.tradeName')}
        hint={t('form.tradeNameHint')}
        value={draft.tradeName}
        maxLength={120}
        error={errorOf('tradeName')}
        onChange={(event) => set('tradeName', event.target.value)}
      />
      <Field label={t('form.activity')}>
        {({ id, describedBy }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            className={inputClasses}
            value={draft.principalActivity}
            onChange={(event) => set('principalActivity', event.target.value as Draft['principalActivity'])}
          >
            {principalActivities.map((activity) => (
              <option key={activity} value={activity}>
                {t(`activities.${activity}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label={t('form.activityDescription')}
        hint={t('form.activityDescriptionHint')}
        value={draft.activityDescription}
        maxLength={200}
        required
        error={errorOf('activityDescription')}
        onChange={(event) => set('activityDescription', event.target.value)}
      />
      <TextField
        label={t('form.startDate')}
        type="date"
        value={draft.startDate}
        required
        error={errorOf('startDate')}
        onChange={(event) => set('startDate', event.target.value)}
      />
      <Field label={t('form.fiscalYearEnd')} hint={t('form.fiscalYearEndHint')}>
        {({ id, describedBy }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            className={inputClasses}
            value={draft.fiscalYearEndMonth}
            onChange={(event) => set('fiscalYearEndMonth', Number(event.target.value))}
          >
            {months.map((month) => (
              <option key={month.value} value={month.value}>
                {month.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {choice({ field: 'reason', legend: t('form.reason'), values: applyReasons, label: (value) => t(`reasons.${value}`) })}
      <TextField
        label={t('form.employees')}
        hint={t('form.employeesHint')}
        inputMode="numeric"
        value={draft.employeesExpected}
        required
        error={errorOf('employeesExpected')}
        onChange={(event) => set('employeesExpected', event.target.value)}
      />
      {toNumber(draft.employeesExpected) > 0 && (
        <TextField
          label={t('form.firstWages')}
          type="date"
          value={draft.firstWagesDate}
          required
          error={errorOf('firstWagesDate')}
          onChange={(event) => set('firstWagesDate', event.target.value)}
        />
      )}
      <p className="text-sm break-words">{t('form.responsibleParty', { name: organizer.name })}</p>
      <FormError message={formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" busy={save.isPending}>
          {save.isPending ? t('form.saving') : t('form.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={save.isPending}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
