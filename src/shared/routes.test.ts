import { describe, expect, it } from 'vitest';
import { homePathOf, isClientPath, isPrerenderedPath, safeReturnPath, signupPath } from './routes';

describe('isClientPath', () => {
  it('knows every page of docs/product.md, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/login',
      '/signup',
      '/dashboard',
      '/state-quiz',
      '/order',
      '/order/confirm',
      '/payment-success',
      '/payment-cancelled',
      '/checkout',
      '/terms',
      '/privacy',
      '/refund',
      '/jv-sales',
      '/jv-page',
      '/jv-support',
      '/jv-presale',
      '/affiliate-partner',
      '/v2',
      '/admin/orders',
      '/admin/orders/abc',
      '/admin/tickets',
      '/login/',
    ]) {
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

describe('safeReturnPath', () => {
  it('keeps a page of this site, with its query', () => {
    expect(safeReturnPath('/order?state=DE')).toBe('/order?state=DE');
    expect(safeReturnPath('/admin/orders/123e4567-e89b-12d3-a456-426614174000')).toBe('/admin/orders/123e4567-e89b-12d3-a456-426614174000');
  });
  it('refuses other origins, unknown paths, the sign-in pages and nothing', () => {
    for (const next of [
      '//evil.example/order',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/no-such-page',
      '/login',
      '/signup?x=1',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(next), String(next)).toBeNull();
    }
  });
});

describe('signupPath', () => {
  it('carries the page to return to, encoded, and it reads back as a safe return path', () => {
    expect(signupPath()).toBe('/signup');
    const path = signupPath('/order?state=CA');
    expect(path).toBe('/signup?next=%2Forder%3Fstate%3DCA');
    expect(safeReturnPath(new URLSearchParams(path.split('?')[1]).get('next'))).toBe('/order?state=CA');
  });
});

it('sends a signed-in administrator to the orders queue and a customer to the dashboard', () => {
  expect(homePathOf({ isAdmin: true })).toBe('/admin/orders');
  expect(homePathOf({ isAdmin: false })).toBe('/dashboard');
});

it('knows which pages the server sends already rendered: the public ones, never a signed-in page', () => {
  expect(isPrerenderedPath('/jv-sales')).toBe(true);
  expect(isPrerenderedPath('/')).toBe(true);
  expect(isPrerenderedPath('/dashboard')).toBe(false);
  expect(isPrerenderedPath('/jv-sales/')).toBe(false);
});
