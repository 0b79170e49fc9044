import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, type KeyboardEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ZPartner, type TPartner } from '@shared/orders';
import { Button } from '@client/components/ui/button';
import { partnerFields } from '../field-specs';
import type { PartnerErrors } from '../hooks/use-partner';
import { useOrderTranslation } from '../namespaces';
import { FieldGrid } from './field-grid';

interface PartnerFormProps {
  initial: TPartner | null;
  /** the server's message keys per field, shown on open */
  errors: PartnerErrors;
  unsaved: boolean;
  onSave: (partner: TPartner) => void;
  onCancel: () => void;
}

const emptyPartner: TPartner = { fullName: '', email: '', phone: '', country: '', address: '' };

/**
 * Add or edit the partner. It sits inside the wizard's <form>, so it is a group rather than a
 * nested form: Save validates (docs/product.md: every field required) and Enter in a field saves instead of
 * submitting the order.
 */
export function PartnerForm({ initial, errors, unsaved, onSave, onCancel }: PartnerFormProps) {
  const { t } = useOrderTranslation();
  const titleId = useId();
  // messages from Save on (then live as the fields change), never on blur: the form opens with the
  // focus in its first field, and a message appearing on blur would move Save away from the pointer
  const form = useForm<TPartner>({ resolver: zodResolver(ZPartner), mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: initial ?? emptyPartner });
  const save = form.handleSubmit(onSave);

  useEffect(() => {
    const entries = Object.entries(errors) as [keyof TPartner, string][];
    for (const [field, key] of entries) form.setError(field, { message: key });
    form.setFocus(entries[0]?.[0] ?? 'fullName');
  }, [form, errors]);

  const saveOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void save();
  };

  return (
    <FormProvider {...form}>
      <div
        role="group"
        aria-labelledby={titleId}
        onKeyDown={saveOnEnter}
        className="rounded-xl border border-line bg-surface-muted p-4 sm:p-5"
        data-testid="partner-form"
      >
        <h4 id={titleId} className="font-semibold text-fg">
          {t('partner.formTitle')}
        </h4>
        {unsaved && (
          <p role="alert" className="mt-2 rounded-lg border border-gold-400 bg-gold-300/20 px-3 py-2 text-sm text-fg">
            {t('partner.unsaved')}
          </p>
        )}
        <FieldGrid fields={partnerFields} className="mt-4" />
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => void save()}>{t('partner.save')}</Button>
          <Button variant="outline" onClick={onCancel}>
            {t('partner.cancel')}
          </Button>
        </div>
      </div>
    </FormProvider>
  );
}
