import { UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonClasses } from '@client/components/ui/button';
import type { PartnerState } from '../hooks/use-partner';
import { useOrderTranslation } from '../namespaces';
import { PartnerCard } from './partner-card';
import { PartnerForm } from './partner-form';

/** docs/product.md: one optional partner — Add opens the form, Save stores it, Cancel closes, Edit and Delete. */
export function PartnerSection({ partner }: { partner: PartnerState }) {
  const { t } = useOrderTranslation();
  const mode = partner.editing ? 'form' : partner.partner ? 'card' : 'empty';

  // after Save, Cancel or Delete, keyboard focus lands on the button that now leads on
  // (the form focuses its own first field when it opens)
  const action = useRef<HTMLButtonElement>(null);
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    if (mode !== 'form') action.current?.focus();
  }, [mode]);

  return (
    <section aria-labelledby="partner-title" className="border-t border-line pt-8">
      <h3 id="partner-title" className="text-base font-semibold text-fg">
        {t('partner.title')}
      </h3>
      <p className="mt-1 text-sm text-muted">{t('partner.lead')}</p>
      <div className="mt-4">
        {mode === 'form' && (
          <PartnerForm initial={partner.partner} errors={partner.errors} unsaved={partner.unsaved} onSave={partner.save} onCancel={partner.cancel} />
        )}
        {mode === 'card' && partner.partner && <PartnerCard partner={partner.partner} editRef={action} onEdit={partner.open} onDelete={partner.remove} />}
        {mode === 'empty' && (
          <button ref={action} type="button" className={buttonClasses('outline')} onClick={partner.open}>
            <UserPlus className="size-4" aria-hidden />
            {t('partner.add')}
          </button>
        )}
      </div>
    </section>
  );
}
