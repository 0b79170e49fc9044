import { freshTotpCode } from './totp';
import { cookieFrom } from './app';
import type { Injector } from './injector';

/** Enrolls through the API as a person would: password, the app's secret, its first code. Returns the new session's cookie. */
export async function enrollSecondFactor(app: Injector, account: { cookie: string; password: string }) {
  const setup = await app.inject({ method: 'POST', url: '/api/me/two-factor/enable', headers: { cookie: account.cookie }, payload: { password: account.password } });
  if (setup.statusCode !== 200) throw new Error(`enable failed: ${setup.statusCode} ${setup.body}`);
  const { secret, recoveryCodes } = setup.json() as { secret: string; recoveryCodes: string[] };
  const confirm = await app.inject({ method: 'POST', url: '/api/me/two-factor/confirm', headers: { cookie: account.cookie }, payload: { code: await freshTotpCode(secret) } });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { cookie: cookieFrom(confirm), secret, recoveryCodes };
}
