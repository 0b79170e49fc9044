import { APIError } from 'better-auth/api';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk } from '@shared/api';
import { AppError } from '@shared/app-error';
import { ZRequestPasswordReset, ZSessionAnswer, ZSignIn, ZSignInAnswer, ZUserAnswer, ZLanguageChange } from '@shared/auth';
import { firstName } from '@shared/names';
import { containsPersonalInfo } from '@shared/password-rules';
import { users, verifications } from '../../db/schema';
import { loadSessionUser } from '../../domain/session-user';
import { clearWrongCodes } from '../../domain/second-factor-codes';
import { confirmAddress, newVerificationLink, verificationHours, verificationResendsPerHour } from './email-verification';
import { accountKeys, authHeaders, authLimits, forwardCookies } from '../../platform/auth/auth-http';
import { outageUnmasked } from '../../platform/auth/better-auth';
import { currentUser, readSession, requireUser } from '../../platform/auth/guards';
import { resetPasswordSchema, signUpSchema } from '../../platform/auth/password-policy';
import { emptyResponse, errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { appPageUrl } from '@shared/locale-paths';
import { paths } from '@shared/client-paths';
import { isLanguage } from '@shared/languages';

/** Name and email of the account a live reset token belongs to, if any. */
async function resetTokenOwner(services: Services, token: string) {
  const [owner] = await services.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())));
  return owner;
}

export const authRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function auth(app) {
    const { auth: betterAuth, config, db, rateLimiter, mail, background } = services;
    const { window, limitAddress, limitAccount: limitSignIn } = authLimits(services);
    /** After the answer: whether the email has an account must not show in the answer's timing. */
    const sendResetLink = async (email: string) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) return;
      // emails per account are capped silently: the caller still gets 202, and the owner already has the links sent
      const { allowed } = await rateLimiter.count(`${accountKeys(email)}reset-emails`, { ...window, limit: config.AUTH_RATE_LIMIT_ACCOUNT });
      if (!allowed) return app.log.warn('password-reset emails for one account capped for this window');
      await betterAuth.api.requestPasswordReset({ body: { email } });
    };
    // a closing app (or a finishing test) waits for the reset emails already asked for
    app.addHook('onClose', () => background.settled());
    const signedIn = requireUser(betterAuth);

    app.post(
      '/api/auth/sign-up',
      {
        schema: {
          body: signUpSchema(config.PASSWORD_MIN_LENGTH),
          response: { 201: ZUserAnswer, ...errorResponses('validation_failed', 'forbidden', 'conflict', 'rate_limited') },
        },
      },
      async (request, reply) => {
        const { name, email, password, language = 'en' } = request.body;
        await limitAddress(request);
        try {
          const { headers, response } = await outageUnmasked(() =>
            betterAuth.api.signUpEmail({
              body: { name, email, password, language },
              headers: authHeaders(request),
              returnHeaders: true,
            }),
          );
          forwardCookies(reply, headers);
          // the welcome email carries the link that proves the address is theirs
          await mail.enqueue({
            to: email,
            template: 'welcome',
            language,
            payload: {
              firstName: firstName(name) || name,
              dashboardUrl: appPageUrl(config.APP_URL, paths.dashboard(), language),
              verifyUrl: await newVerificationLink(db, config.APP_URL, response.user.id),
            },
          });
          return reply.status(201).send({ user: await loadSessionUser(db, response.user.id) });
        } catch (error) {
          if (error instanceof APIError && /ALREADY_EXISTS/.test(String(error.body?.code))) throw new AppError('conflict', 'auth.emailExists');
          throw error;
        }
      },
    );

    app.post(
      '/api/auth/sign-in',
      { schema: { body: ZSignIn, response: { 200: ZSignInAnswer, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'rate_limited') } } },
      async (request, reply) => {
        const { email, password, language } = request.body;
        await limitSignIn(request, email);
        try {
          const { headers, response } = await betterAuth.api.signInEmail({
            body: { email, password },
            headers: authHeaders(request),
            returnHeaders: true,
          });
          forwardCookies(reply, headers);
          // a user with a second factor has no session yet, only a challenge cookie for
          // POST /api/auth/two-factor (features/security); its answer saves the language
          if ('twoFactorRedirect' in response) return { twoFactorRequired: true as const };
          if (language) await db.update(users).set({ language }).where(eq(users.id, response.user.id));
          return { user: await loadSessionUser(db, response.user.id) };
        } catch (error) {
          // the same answer for an unknown email and a wrong password (Better Auth also hashes for unknown emails)
          if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400))
            throw new AppError('unauthorized', 'auth.invalidCredentials');
          throw error;
        }
      },
    );

    app.post(
      '/api/auth/sign-out',
      { schema: { response: { 204: emptyResponse('signed out (also when there was no session)'), ...errorResponses('forbidden') } } },
      async (request, reply) => {
        try {
          const { headers } = await betterAuth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
          forwardCookies(reply, headers);
        } catch (error) {
          // no session: signing out is already done
          if (!(error instanceof APIError)) throw error;
        }
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/auth/password-reset/request',
      { schema: { body: ZRequestPasswordReset, response: { 202: ZOk, ...errorResponses('validation_failed', 'forbidden', 'rate_limited') } } },
      async (request, reply) => {
        // only the address is limited: the account's counters never refuse its owner the reset email
        await limitAddress(request);
        // the same answer after the same work whether or not the email has an account
        background.run('password-reset email', () => sendResetLink(request.body.email));
        return reply.status(202).send({ ok: true as const });
      },
    );

    app.post(
      '/api/auth/password-reset',
      {
        schema: {
          body: resetPasswordSchema(config.PASSWORD_MIN_LENGTH),
          response: { 200: ZOk, ...errorResponses('validation_failed', 'bad_request', 'forbidden', 'rate_limited') },
        },
      },
      async (request) => {
        await limitAddress(request);
        const { token, password } = request.body;
        // the body has no name or email: the token says whose they are
        const owner = await resetTokenOwner(services, token);
        if (owner && containsPersonalInfo(password, owner))
          throw new AppError('validation_failed', 'errors.validation_failed', { password: 'auth.passwordPersonal' });
        try {
          await betterAuth.api.resetPassword({ body: { token, newPassword: password } });
        } catch (error) {
          if (error instanceof APIError && error.statusCode === 400) throw new AppError('bad_request', 'auth.resetInvalid');
          throw error;
        }
        // the owner proved they read the account's email: lift every lock on it, the second factor's too
        if (owner) await Promise.all([rateLimiter.clearPrefix(accountKeys(owner.email)), clearWrongCodes(db, owner.id)]);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/auth/verify-email',
      {
        schema: {
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: {
            303: emptyResponse("to the dashboard in the account's language: `?email=verified`, or `?email=invalid` for an unknown, used or expired link"),
          },
        },
      },
      async (request, reply) => {
        const account = request.query.token ? await confirmAddress(db, request.query.token) : null;
        const language = account && isLanguage(account.language) ? account.language : 'en';
        if (account) request.log.info({ userId: account.id }, 'email address confirmed');
        return reply.redirect(`${appPageUrl(config.APP_URL, paths.dashboard(), language)}?email=${account ? 'verified' : 'invalid'}`, 303);
      },
    );

    app.post(
      '/api/me/email-verification',
      { preHandler: requireUser(betterAuth), schema: { response: { 202: ZOk, ...errorResponses('unauthorized', 'forbidden', 'conflict', 'rate_limited') } } },
      async (request, reply) => {
        const user = currentUser(request);
        if (user.emailVerified) throw new AppError('conflict', 'auth.verify.already');
        await rateLimiter.hit(`verify-email:${user.id}`, { windowMs: 3600_000, limit: verificationResendsPerHour });
        const [account] = await db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
        const language = isLanguage(account?.language) ? account.language : 'en';
        await mail.enqueue({
          to: user.email,
          template: 'verifyEmail',
          language,
          payload: {
            firstName: firstName(user.name) || user.name,
            verifyUrl: await newVerificationLink(db, config.APP_URL, user.id),
            hours: String(verificationHours),
          },
        });
        return reply.status(202).send({ ok: true as const });
      },
    );

    // for the browser: a visitor is a normal answer, not an error
    app.get('/api/session', { schema: { response: { 200: ZSessionAnswer } } }, async (request, reply) => ({
      user: await readSession(betterAuth, request, reply),
    }));

    app.get('/api/me', { preHandler: signedIn, schema: { response: { 200: ZUserAnswer, ...errorResponses('unauthorized') } } }, async (request) => ({
      user: currentUser(request),
    }));

    app.put(
      '/api/me/language',
      {
        preHandler: signedIn,
        schema: {
          body: ZLanguageChange,
          response: { 204: emptyResponse('saved'), ...errorResponses('validation_failed', 'unauthorized', 'forbidden') },
        },
      },
      async (request, reply) => {
        await db
          .update(users)
          .set({ language: request.body.language })
          .where(eq(users.id, currentUser(request).id));
        return reply.status(204).send();
      },
    );
  };
