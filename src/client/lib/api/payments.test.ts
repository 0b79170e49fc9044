import { describe, expect, it } from 'vitest';
import type { TOrderDetail } from '@shared/orders';
import { confirmWindowMs, isAwaitingConfirmation } from './payments';

const withStatus = (status: TOrderDetail['status']) => ({ status }) as TOrderDetail;

describe('isAwaitingConfirmation', () => {
  it('waits only for an order still pending payment, and only within the window', () => {
    expect(isAwaitingConfirmation(withStatus('pending_payment'), 0)).toBe(true);
    expect(isAwaitingConfirmation(withStatus('pending_payment'), confirmWindowMs - 1)).toBe(true);
    expect(isAwaitingConfirmation(withStatus('pending_payment'), confirmWindowMs)).toBe(false);
    for (const status of ['paid', 'processing', 'completed'] as const) expect(isAwaitingConfirmation(withStatus(status), 0)).toBe(false);
    expect(isAwaitingConfirmation(undefined, 0)).toBe(false);
  });
});
