import { CheckCircle2, PencilLine } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import type { TAdminOrderDetail } from '@shared/admin';
import type { CorrectableField } from '@shared/order-correction';
import { Button } from '@client/components/ui/button';
import { InlineLoading, Panel } from '@client/components/ui/data-views';
import { useActionFeedback } from '@client/components/action-feedback';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/** The form itself: the wizard's fields, which the orders feature owns (src/client/routes/admin-order.tsx passes it). */
export type CorrectionForm = ComponentType<{
  order: TAdminOrderDetail['order'];
  /** after a save (the fields that changed), or null on Cancel */
  onDone: (changed: CorrectableField[] | null) => void;
}>;

/**
 * "Correct order" opens the form in this panel; Save or Cancel closes it and gives the
 * focus back to the button. A save is confirmed here until another action on the page starts.
 */
export function OrderCorrection({ order, Form }: { order: TAdminOrderDetail['order']; Form: CorrectionForm }) {
  const { t } = useAdminTranslation();
  const feedback = useActionFeedback();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <Panel compact title={t('correction.title')} icon={PencilLine} lead={t('correction.lead')}>
      {open ? (
        <Suspense fallback={<InlineLoading label={t('correction.loading')} className="py-4" />}>
          <Form
            order={order}
            onDone={(changed) => {
              // the latest action's message is the one the page shows (action-feedback.tsx)
              if (changed) feedback.begin();
              setSaved(changed !== null);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : (
        <div className="space-y-3">
          <Button
            ref={opener}
            variant="outline"
            onClick={() => {
              setSaved(false);
              setOpen(true);
            }}
          >
            <PencilLine className="size-4" aria-hidden />
            {t('correction.open')}
          </Button>
          {saved && feedback.showSuccess && (
            <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800 dark:text-green-300">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden />
              {t(order.customer ? 'correction.saved' : 'correction.savedNoEmail')}
            </p>
          )}
        </div>
      )}
    </Panel>
  );
}
