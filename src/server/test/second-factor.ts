import type { FastifyInstance } from 'fastify';
import { newEnrolmentLink } from '../domain/admin-accounts';
import { freshTotpCode } from './totp';
import { cookieFrom } from './app';
import type { Injector } from './injector';

/** The token of the one-time enrolment link in `text` (the admin command's output, an answer's URL). */
export function enrolmentTokenIn(text: string): string {
  const token = /#enrolment=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no enrolment link in: ${text}`);
  return token;
}

/** The token of a new one-time enrolment link for `userId`, as `npm run admin -- promote` prints it. */
export async function enrolmentTokenFor(app: FastifyInstance, userId: string): Promise<string> {
  return enrolmentTokenIn((await newEnrolmentLink(app.services.db, app.services.config.APP_URL, userId)).url);
}

/**
 * Enrolls through the API as a person would: password, the app's secret, its first code. An
 * administrator does it with the one-time link an operator gives them: `enrolmentToken`, or, on
 * an in-process app, a new link made as the operator's command makes one. Returns the new session's cookie.
 */
export async function enrollSecondFactor(app: Injector, account: { cookie: string; password: string; enrolmentToken?: string }) {
  const enable = (enrolmentToken?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/me/two-factor/enable',
      headers: { cookie: account.cookie },
      payload: { password: account.password, enrolmentToken },
    });
  let enrolmentToken = account.enrolmentToken;
  let setup = await enable(enrolmentToken);
  if (setup.statusCode === 403 && !enrolmentToken && 'services' in app) {
    const me = await app.inject({ url: '/api/me', headers: { cookie: account.cookie } });
    enrolmentToken = await enrolmentTokenFor(app as FastifyInstance, (me.json() as { user: { id: string } }).user.id);
    setup = await enable(enrolmentToken);
  }
  if (setup.statusCode !== 200) throw new Error(`enable failed: ${setup.statusCode} ${setup.body}`);
  const { secret, recoveryCodes } = setup.json() as { secret: string; recoveryCodes: string[] };
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/me/two-factor/confirm',
    headers: { cookie: account.cookie },
    payload: { code: await freshTotpCode(secret), enrolmentToken },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { cookie: cookieFrom(confirm), secret, recoveryCodes };
}
