import { describe, expect, it } from 'vitest';
import { isClientPath } from './routes';

describe('isClientPath', () => {
  it('knows every SPEC route, with or without a trailing slash', () => {
    for (const path of ['/', '/login', '/signup', '/dashboard', '/state-quiz', '/order', '/order/confirm', '/payment-success', '/payment-cancelled', '/checkout', '/terms', '/privacy', '/refund', '/jv-sales', '/jv-page', '/jv-support', '/jv-presale', '/affiliate-partner', '/v2', '/admin/orders', '/admin/orders/abc', '/admin/tickets', '/login/']) {
      expect(isClientPath(path), path).toBe(true);
    }
  });
  it('treats /affiliate* as handled elsewhere and rejects the rest', () => {
    expect(isClientPath('/affiliate')).toBe(true);
    expect(isClientPath('/affiliates/anything')).toBe(true);
    expect(isClientPath('/admin/orders/a/b')).toBe(false);
    expect(isClientPath('/nope')).toBe(false);
    expect(isClientPath('/orderx')).toBe(false);
  });
});
