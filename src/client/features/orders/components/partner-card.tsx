import { Pencil, Trash2 } from 'lucide-react';
import type { Ref } from 'react';
import type { TPartner } from '@shared/orders';
import { Button, buttonClasses } from '@client/components/ui/button';
import { useFormats } from '@client/lib/use-formats';
import { useOrderTranslation } from '../namespaces';

interface PartnerCardProps {
  partner: TPartner;
  editRef: Ref<HTMLButtonElement>;
  onEdit: () => void;
  onDelete: () => void;
}

/** The saved partner, with Edit (the form reopens prefilled) and Delete. */
export function PartnerCard({ partner, editRef, onEdit, onDelete }: PartnerCardProps) {
  const { t } = useOrderTranslation();
  const labels = useFormats();
  const details = [
    ['phone', labels.phone(partner.phone)],
    ['country', labels.country(partner.country)],
    ['address', partner.address],
  ] as const;
  return (
    <div className="rounded-xl border border-line bg-surface p-4" data-testid="partner-card">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold break-words text-fg">{partner.fullName}</p>
          <p className="text-sm break-words text-muted">{partner.email}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          {/* a plain button: the shared Button does not take a ref, and the section focuses this one after Save */}
          <button
            ref={editRef}
            type="button"
            className={buttonClasses('outline', 'sm')}
            onClick={onEdit}
            aria-label={t('partner.editNamed', { name: partner.fullName })}
          >
            <Pencil className="size-4" aria-hidden />
            {t('partner.edit')}
          </button>
          <Button
            variant="outline"
            size="sm"
            onClick={onDelete}
            aria-label={t('partner.deleteNamed', { name: partner.fullName })}
            className="text-red-700 dark:text-red-400"
          >
            <Trash2 className="size-4" aria-hidden />
            {t('partner.delete')}
          </Button>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 border-t border-line pt-3 text-sm sm:grid-cols-3">
        {details.map(([field, value]) => (
          <div key={field} className="min-w-0">
            <dt className="text-xs text-muted">{t(`partner.fields.${field}`)}</dt>
            <dd className="break-words text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
