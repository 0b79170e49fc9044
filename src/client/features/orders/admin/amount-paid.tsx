import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/** The amount paid, or a dash (read out as 'Not paid') until a payment is confirmed. */
export function AmountPaid({ cents }: { cents: number | null }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  if (cents != null) return <span className="tabular-nums">{format.usd(cents)}</span>;
  return (
    <>
      <span aria-hidden className="text-muted">
        {t('notProvided')}
      </span>
      <span className="sr-only">{t('list.notPaid')}</span>
    </>
  );
}
