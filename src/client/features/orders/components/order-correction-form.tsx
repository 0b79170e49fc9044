import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import type { TAdminOrderDetail } from '@shared/admin';
import { requiredIdentityDocument } from '@shared/order-model';
import { ZCorrectionForm, type CorrectableField } from '@shared/order-correction';
import type { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field, FormError, inputClasses } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { useCorrectOrder } from '@client/lib/api/admin-orders';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { CompanyNames } from './company-names';
import { FieldGrid } from './field-grid';
import { PartnerSection } from './partner-section';
import { addressFields, contactFields, nationalityFields } from '../field-specs';
import { usePartner, type PartnerErrors } from '../hooks/use-partner';
import { isIdentityDocument, isOrderField, orderValuesFrom, type OrderFormValues } from '../order-form-values';

type CorrectionValues = OrderFormValues & { reason: string };
type CorrectionOutput = z.output<typeof ZCorrectionForm>;
type FieldName = keyof CorrectionValues & string;

/** The document a nationality needs and the order lacks: said on the nationality, in the team's words. */
const missingOnFile = { ssnDoc: 'admin.correction.ssnDocMissing', passport: 'admin.correction.passportMissing' } as const;

interface OrderCorrectionFormProps {
  order: TAdminOrderDetail['order'];
  /** after a save (the fields that changed), or null on Cancel */
  onDone: (changed: CorrectableField[] | null) => void;
}

/**
 * The team corrects an order on file in the wizard's own fields (labels, lists, name
 * rules and partner form), checked with the schema the server runs in the order's LLC state, plus
 * the reason. The server's field errors come back to their fields. The admin order page shows it
 * in its "Correct order" panel (composed in src/client/routes/admin-order.tsx), loaded when that
 * is pressed: zod and the wizard's fields stay out of the order page.
 */
export default function OrderCorrectionForm({ order, onDone }: OrderCorrectionFormProps) {
  // the team's own texts (the admin catalogue); the wizard's fields read theirs
  const { t } = useTranslation(['admin', 'common'], { nsMode: 'fallback' });
  const format = useFormats();
  const partner = usePartner(order.partner);
  const correct = useCorrectOrder(order.id);
  const form = useForm<CorrectionValues, unknown, CorrectionOutput>({
    // the schema's input has no "not chosen yet" for the two lists; the form's does (as in the wizard)
    resolver: zodResolver(ZCorrectionForm) as unknown as Resolver<CorrectionValues, unknown, CorrectionOutput>,
    mode: 'onTouched',
    defaultValues: { ...orderValuesFrom(order), reason: '' },
  });
  useEffect(() => form.setFocus('companyName1'), [form]);

  /** The server's field errors (`order.email`, `reason`, `order.partner.phone`, `passport`) back on their fields, the first focused. */
  function showServerErrors(fields: Record<string, string>) {
    const partnerErrors: PartnerErrors = {};
    const shown: FieldName[] = [];
    for (const [path, key] of Object.entries(fields)) {
      const field = path.replace(/^order\./, '');
      if (field === 'reason' || isOrderField(field)) {
        form.setError(field, { message: key });
        shown.push(field);
      } else if (isIdentityDocument(field) && field in missingOnFile)
        form.setError('nationality', { message: missingOnFile[field as keyof typeof missingOnFile] });
      else if (field.startsWith('partner.')) partnerErrors[field.slice('partner.'.length) as keyof PartnerErrors] = key;
    }
    if (Object.keys(partnerErrors).length > 0) partner.showErrors(partnerErrors);
    else if (shown[0]) form.setFocus(shown[0]);
  }

  const save = form.handleSubmit(async ({ llcState: _state, reason, ...fields }) => {
    if (partner.editing) return partner.warnUnsaved();
    // the order's identity documents do not change here: a nationality that needs one it lacks is refused (as the server would)
    const needed = requiredIdentityDocument(fields.nationality);
    if (fields.nationality !== order.nationality && needed && !order.documents[needed])
      return form.setError('nationality', { message: missingOnFile[needed] }, { shouldFocus: true });
    // the schema's output drops the confirmation of a regulated word; the server checks the names again and needs it
    const confirmed = form.getValues('restrictedWordsAccepted') ? { restrictedWordsAccepted: true } : {};
    try {
      const { changed } = await correct.mutateAsync({ order: { ...fields, ...confirmed, partner: partner.partner }, reason });
      onDone(changed);
    } catch (error) {
      if (error instanceof ApiError) showServerErrors(error.fields);
    }
  });

  const reasonError = form.formState.errors.reason?.message;
  const section = 'text-sm font-semibold tracking-wide text-muted uppercase';
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void save(event)} noValidate className="space-y-8" data-testid="order-correction-form">
        <fieldset className="space-y-2">
          <legend className={section}>{t('order.company.title')}</legend>
          <p className="text-sm text-muted">{t('correction.stateFixed', { state: format.state(order.llcState) })}</p>
          <CompanyNames />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className={section}>{t('order.organizer.title')}</legend>
          <FieldGrid fields={contactFields} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className={section}>{t('order.address.title')}</legend>
          <FieldGrid fields={addressFields} />
          <FieldGrid fields={nationalityFields} />
        </fieldset>
        <PartnerSection partner={partner} />
        <Field label={t('correction.reason')} hint={t('correction.reasonHint')} required error={reasonError ? translateMessage(t, reasonError) : undefined}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={3}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              aria-required
              className={`${inputClasses} min-h-20 resize-y`}
              {...form.register('reason')}
            />
          )}
        </Field>
        {correct.isError && <FormError message={`${t('correction.failed')} ${errorMessage(t, correct.error)}`} />}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={correct.isPending}>
            {correct.isPending ? t('correction.saving') : t('correction.save')}
          </Button>
          <Button variant="outline" disabled={correct.isPending} onClick={() => onDone(null)}>
            {t('correction.cancel')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
