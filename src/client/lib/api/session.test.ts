import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveLanguage } from './session';

afterEach(() => vi.unstubAllGlobals());

describe('saveLanguage', () => {
  it('survives leaving the page: a switch followed at once by a navigation still reaches the account', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await saveLanguage('es');
    expect(fetch).toHaveBeenCalledOnce();
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/me/language');
    expect(init).toMatchObject({ method: 'PUT', keepalive: true, body: JSON.stringify({ language: 'es' }) });
  });
});
