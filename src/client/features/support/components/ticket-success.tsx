import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { Button } from '@client/components/ui/button';
import type { TicketKind } from './ticket-form';

/** docs/product.md, "Order statuses": the confirmation that replaces the form; "Submit Another ..." brings back an empty form. */
export function TicketSuccess({ kind, onAgain }: { kind: TicketKind; onAgain: () => void }) {
  const { t } = useTranslation('support');
  const heading = useRef<HTMLHeadingElement>(null);
  // screen-reader and keyboard users land on the news, not at the top of the page
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center px-2 py-6 text-center" data-testid="ticket-success">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-900 dark:text-green-200">
        <CircleCheck className="size-8" aria-hidden />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-5 text-2xl font-bold tracking-tight focus:outline-none">
        {t(`${kind}.successTitle`)}
      </h2>
      <p className="mt-3 max-w-md text-muted">{t(`${kind}.successText`)}</p>
      <Button variant="outline" className="mt-8" onClick={onAgain}>
        {t(`${kind}.again`)}
      </Button>
    </div>
  );
}

/** form -> success screen -> an empty form again (docs/product.md, "Order statuses"), remounted so nothing typed survives. */
export function useTicketFlow() {
  const [phase, setPhase] = useState<'form' | 'success' | 'again'>('form');
  return {
    submitted: phase === 'success',
    formProps: { onSubmitted: () => setPhase('success'), autoFocus: phase === 'again' },
    onAgain: () => setPhase('again'),
  };
}
