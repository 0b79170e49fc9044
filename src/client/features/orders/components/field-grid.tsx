import type { HTMLInputTypeAttribute } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { ComboboxField } from '@client/components/ui/combobox';
import { TextField } from '@client/components/ui/field';
import type { TextKey } from '@client/lib/i18n';
import { translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useGeoOptions } from '../hooks/use-geo';
import { useOrderTranslation, type orderNamespaces } from '../namespaces';

/** The order texts under `prefix` (e.g. the hints), as a union of their keys. */
type OrderTextUnder<Prefix extends string> = Extract<TextKey<typeof orderNamespaces>, `${Prefix}.${string}`>;

export interface FieldSpec {
  name: string;
  /** its label: order:fields.<name> in the wizard, order:partner.fields.<name> for a partner */
  label: OrderTextUnder<'fields' | 'partner.fields'>;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  /** a type-to-filter list of one of the geo lists instead of a text input */
  options?: 'countries' | 'nationalities';
  optional?: boolean;
  hint?: OrderTextUnder<'hints'>;
  placeholder?: OrderTextUnder<'placeholders'>;
  /** spans both columns from the sm breakpoint */
  wide?: boolean;
  /** fields validated again when this one changes (a phone is read in the country) */
  deps?: readonly string[];
  /** a phone: the field holding the country it is read in, named in its message (order.invalidPhoneInCountry) */
  country?: string;
}

/**
 * The fields of the surrounding react-hook-form (the wizard's or the partner's), described as data:
 * label, the required asterisk, hint and the translated error message.
 */
export function FieldGrid({ fields, className = '' }: { fields: readonly FieldSpec[]; className?: string }) {
  const { t } = useOrderTranslation();
  const geo = useGeoOptions();
  const format = useFormats();
  const { register, control, formState, getValues } = useFormContext<Record<string, string>>();
  return (
    <div className={`grid gap-5 sm:grid-cols-2 ${className}`}>
      {fields.map((field) => {
        const message = formState.errors[field.name]?.message;
        const common = {
          label: t(field.label),
          required: !field.optional,
          hint: field.hint ? t(field.hint) : undefined,
          error:
            typeof message === 'string'
              ? translateMessage(t, message, field.country ? { country: format.country(getValues(field.country) ?? '') } : undefined)
              : undefined,
          autoComplete: field.autoComplete,
          placeholder: field.placeholder ? t(field.placeholder) : undefined,
        };
        const list = field.options;
        return (
          <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
            {list ? (
              <Controller
                control={control}
                name={field.name}
                rules={field.deps ? { deps: [...field.deps] } : undefined}
                render={({ field: bound }) => (
                  <ComboboxField
                    {...common}
                    ref={bound.ref}
                    name={bound.name}
                    value={bound.value ?? ''}
                    onChange={bound.onChange}
                    onBlur={bound.onBlur}
                    disabled={bound.disabled}
                    options={geo[list]}
                    emptyText={t(`noMatch.${list}`)}
                  />
                )}
              />
            ) : (
              <TextField {...common} type={field.type ?? 'text'} {...register(field.name, field.deps ? { deps: [...field.deps] } : undefined)} />
            )}
          </div>
        );
      })}
    </div>
  );
}
