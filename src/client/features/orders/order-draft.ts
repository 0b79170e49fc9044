import { wizardSteps } from '@shared/order-model';
import { ZPartner, type TPartner } from '@shared/orders';
import { orderFields, type OrderFormValues } from './order-form-values';

/**
 * The typed text of an unfinished order survives a reload or a visit to the state quiz: it is kept
 * in sessionStorage (this tab only, gone when it closes), per user, and cleared after a successful
 * submit. Files are never kept: they have to be chosen again.
 */
export interface OrderDraft {
  values: Partial<OrderFormValues>;
  partner: TPartner | null;
  step: number;
  reached: number;
}

/** A new order's draft, or the draft of changes to an order on file. */
export const orderDraftKey = (userId: string, orderId?: string) => (orderId ? `order-draft:${userId}:edit:${orderId}` : `order-draft:${userId}`);

const stepIndex = (value: unknown) => (Number.isInteger(value) ? Math.min(Math.max(value as number, 0), wizardSteps.length - 1) : 0);

/** Whatever is stored is checked field by field: a stale or tampered draft must not break the form. */
export function readOrderDraft(key: string): OrderDraft | null {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const { values, partner, step, reached } = raw as Record<string, unknown>;
    const stored = typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {};
    const kept = Object.fromEntries(orderFields.filter((field) => typeof stored[field] === 'string').map((field) => [field, stored[field]]));
    const parsedPartner = ZPartner.safeParse(partner);
    const furthest = stepIndex(reached);
    return {
      // the lists' values are checked again by the schema on submit
      values: kept as Partial<OrderFormValues>,
      partner: parsedPartner.success ? parsedPartner.data : null,
      step: Math.min(stepIndex(step), furthest),
      reached: furthest,
    };
  } catch {
    return null;
  }
}

export function writeOrderDraft(key: string, draft: OrderDraft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the form still works, it just won't survive a reload
  }
}

export function clearOrderDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing stored then
  }
}
