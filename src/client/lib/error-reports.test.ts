// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientErrorsPerPage } from '@shared/client-errors';
import { reportError } from './error-reports';

describe('browser error reports', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts the error and the page's path to our own server, cut to the limits, at most a few a page", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/es/dashboard?token=secret#part');
    reportError(new RangeError('x'.repeat(5000)), 'render');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/client-errors');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const body = JSON.parse(String(init.body)) as Record<string, string>;
    expect(body).toMatchObject({ kind: 'render', name: 'RangeError', path: '/es/dashboard' });
    expect(body.message).toHaveLength(1000);
    expect(JSON.stringify(body)).not.toContain('secret');
    // a thrown string, then a loop of errors: only up to the page's allowance goes out
    for (let i = 0; i < 20; i++) reportError('plain text thrown', 'error');
    expect(fetch).toHaveBeenCalledTimes(clientErrorsPerPage);
    expect(JSON.parse(String((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body))).toMatchObject({
      name: 'Error',
      message: 'plain text thrown',
    });
  });
});
