import { useFormContext, useWatch } from 'react-hook-form';
import { isStepComplete, wizardSteps } from '@shared/order-model';
import type { IdentityDocument } from '@shared/order-model';
import type { OrderFormValues } from '../order-form-values';

/** Which identity documents the order has (chosen files, or, when fixing an order, ones on file). */
export type DocumentPresence = Partial<Record<IdentityDocument, unknown>>;

/**
 * Whether each step passes its gate (docs/product.md, "Validation") right now. It watches every field, so only the small
 * components that call it (progress, buttons) re-render on each keystroke, not the whole wizard.
 */
export function useStepGates(files: DocumentPresence): boolean[] {
  const { control } = useFormContext<OrderFormValues>();
  const values = useWatch({ control });
  return wizardSteps.map((step) => isStepComplete(step, values, files));
}

/** A step is done once Next took the customer past it, as long as it and every step before it still pass their gates. */
export function isStepDone(index: number, reached: number, gates: boolean[]): boolean {
  return index < reached && gates.slice(0, index + 1).every(Boolean);
}
