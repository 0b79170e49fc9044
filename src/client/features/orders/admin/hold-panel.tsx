import { ShieldAlert } from 'lucide-react';
import type { TAdminOrderDetail } from '@shared/admin';
import { Button } from '@client/components/ui/button';
import { ErrorBox } from '@client/components/ui/data-views';
import { useReleaseOrderHold } from '@client/lib/api/admin-orders';
import { useFormats } from '@client/lib/use-formats';
import { errorMessage } from '@client/lib/message';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/**
 * An order held before payment because the founder's nationality is under comprehensive US
 * sanctions (ADR 0012): the reason, and Release once reviewed. A released hold stays on record.
 */
export function HoldPanel({ order }: { order: TAdminOrderDetail['order'] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const release = useReleaseOrderHold(order.id);
  if (!order.holdReason) {
    if (!order.holdReleasedAt) return null;
    return (
      <p className="rounded-xl border border-line bg-surface px-4 py-3 text-sm text-muted" data-testid="hold-released">
        {t('hold.released', { name: order.holdReleasedBy ?? '—', date: format.dateTime(order.holdReleasedAt) })}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="hold-title"
      className="space-y-3 rounded-xl border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      data-testid="hold-panel"
    >
      <h2 id="hold-title" className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-4 shrink-0" aria-hidden />
        {t('hold.title')}
      </h2>
      <p>{t('hold.sanctioned_nationality', { nationality: format.nationality(order.nationality) })}</p>
      <Button variant="outline" size="sm" busy={release.isPending} onClick={() => release.mutate()}>
        {release.isPending ? t('hold.releasing') : t('hold.release')}
      </Button>
      {release.isError && <ErrorBox title={t('hold.failed')} detail={errorMessage(t, release.error)} />}
    </section>
  );
}
