import { useState } from 'react';
import { wizardSteps } from '@shared/order-model';

/**
 * Where the customer is, and how far they have gone with Next: a step is "done" once they moved
 * forward from it (docs/product.md, "Order statuses"), which is what makes its tab clickable again.
 */
export function useWizardSteps(initial: { step: number; reached: number }) {
  const [position, setPosition] = useState(initial);
  const last = wizardSteps.length - 1;
  return {
    step: position.step,
    reached: position.reached,
    isFirst: position.step === 0,
    isLast: position.step === last,
    advance: () => setPosition(({ step, reached }) => ({ step: Math.min(step + 1, last), reached: Math.max(reached, Math.min(step + 1, last)) })),
    back: () => setPosition(({ step, reached }) => ({ step: Math.max(step - 1, 0), reached })),
    goTo: (step: number) => setPosition(({ reached }) => ({ step, reached })),
  };
}
