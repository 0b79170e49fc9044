import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@shared/app-error';
import { ZUserAnswer, type TSessionUser } from '@shared/auth';
import {
  isRecoveryCode,
  ZConfirmTwoFactor,
  ZEnableTwoFactor,
  ZPasswordAndCode,
  ZRecoveryCodes,
  ZSecurityAnswer,
  ZTwoFactorSetup,
  ZTwoFactorSignInRequest,
} from '@shared/security';
import { authHeaders, authLimits, forwardCookies } from '../../platform/auth/auth-http';
import { currentUser, readSession, requireUser } from '../../platform/auth/guards';
import { emptyResponse, errorResponses } from '../../platform/http/openapi';
import { checkEnrolmentLink, removePasskeys } from '../../domain/admin-accounts';
import { acceptAppCode, clearWrongCodes, inEitherCase, recordWrongCode, type CodeVerdict } from '../../domain/second-factor-codes';
import { loadSessionUser } from '../../domain/session-user';
import type { Services } from '../../services';
import { createPasswordCheck, isRefusal } from './password-check';
import { verifySecondFactor } from './second-factor-check';
import { listOwnPasskeys } from './passkey.service';
import {
  auditOwnFactor,
  challengeOf,
  endChallenge,
  endOtherSessions,
  endOwnSession,
  listOwnSessions,
  newSessionToken,
  qrCodeSvg,
  saveLanguage,
  secretOf,
  sessionTokenOf,
  twoFactorState,
} from './security.service';

const wrongCode = (key = 'security.codeWrong') => new AppError('validation_failed', 'errors.validation_failed', { code: key });

/** The account's limit on wrong codes (domain/second-factor-codes.ts), with when to try again if it ends by itself. */
class CodesLockedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', 'security.codesPaused');
  }
}

/** A refused app code, as the caller reads it. */
function refusal(verdict: Exclude<CodeVerdict, { ok: true }>): AppError {
  if (verdict.why === 'locked')
    return verdict.retryAfterSeconds === null ? new AppError('rate_limited', 'security.codesLocked') : new CodesLockedError(verdict.retryAfterSeconds);
  if (verdict.why === 'missing') return new AppError('conflict', 'security.enrolmentMissing');
  return wrongCode(verdict.why === 'used' ? 'security.codeUsed' : 'security.codeWrong');
}

/** A sign-in challenge ends after this many wrong codes: the password is asked again. */
const wrongCodesPerChallenge = 5;

/**
 * The second factor (ADR 0027): the sign-in's second step, enrolment, turning it off, new recovery
 * codes, and one's own sessions. Better Auth's two-factor plugin keeps the secrets and opens the
 * sessions; these routes own validation, the account's limit on wrong codes, a code working once,
 * audit and the error contract, as auth.routes.ts does.
 */
export const securityRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function security(app) {
    const { auth, db, rateLimiter } = services;
    const { window, limitAddress, limitAccount } = authLimits(services);
    const signedIn = requireUser(auth);
    const checkPassword = createPasswordCheck(services);
    /** After checkPassword, whose hit on the account's counters covers this guess too. */
    const checkCode = async (request: FastifyRequest, user: TSessionUser, code: string) => {
      const verdict = await verifySecondFactor({ auth, db }, request, user, code);
      if (!verdict.ok) throw refusal(verdict);
    };
    /** A wrong code of a challenge: counted for the account, and the fifth ends the challenge. */
    const wrongInChallenge = async (challenge: { id: string; userId: string }, counted: boolean) => {
      if (!counted) await recordWrongCode(db, challenge.userId);
      const { allowed } = await rateLimiter.count(`auth:challenge:${challenge.id}`, { ...window, limit: wrongCodesPerChallenge - 1 });
      if (!allowed) await endChallenge(db, challenge.id);
    };

    app.post(
      '/api/auth/two-factor',
      {
        schema: {
          body: ZTwoFactorSignInRequest,
          response: { 200: ZUserAnswer, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'conflict', 'rate_limited') },
        },
      },
      async (request, reply) => {
        await limitAddress(request);
        // the second step of a sign-in, never a way to confirm a factor from a session (enrolment has one door: /api/me/two-factor/confirm)
        if (await readSession(auth, request, reply)) throw new AppError('conflict', 'security.alreadySignedIn');
        const challenge = await challengeOf(auth, db, request);
        if (!challenge) throw new AppError('unauthorized', 'security.challengeExpired');
        const { code, language } = request.body;
        const headers = authHeaders(request);
        try {
          let answer;
          if (isRecoveryCode(code)) {
            // taken even past the account's limit: the owner's way back in (a recovery code cannot be guessed)
            answer = await inEitherCase(code, (typed) => auth.api.verifyBackupCode({ body: { code: typed }, headers, returnHeaders: true }));
          } else {
            const verdict = await acceptAppCode(db, auth, { userId: challenge.userId, code });
            if (!verdict.ok) {
              if (verdict.why === 'wrong' || verdict.why === 'used') await wrongInChallenge(challenge, true);
              throw refusal(verdict);
            }
            answer = await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
          }
          await clearWrongCodes(db, challenge.userId);
          forwardCookies(reply, answer.headers);
          const userId = answer.response.user.id;
          if (language) await saveLanguage(db, userId, language);
          return { user: await loadSessionUser(db, userId) };
        } catch (error) {
          if (!(error instanceof APIError)) throw error;
          // an expired or used challenge: back to the password
          if (/TWO_FACTOR_COOKIE|TOO_MANY_ATTEMPTS/.test(String(error.body?.code))) throw new AppError('unauthorized', 'security.challengeExpired');
          if (isRefusal(error)) {
            await wrongInChallenge(challenge, false);
            throw wrongCode();
          }
          throw error;
        }
      },
    );

    app.get(
      '/api/me/security',
      { preHandler: signedIn, schema: { response: { 200: ZSecurityAnswer, ...errorResponses('unauthorized') } } },
      async (request) => {
        const user = currentUser(request);
        const [state, own, passkeys] = await Promise.all([
          twoFactorState(db, user.id),
          listOwnSessions(db, user, await sessionTokenOf(auth, request)),
          listOwnPasskeys(db, user.id),
        ]);
        return { ...state, ...own, passkeys };
      },
    );

    const changeErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'conflict', 'rate_limited');

    /** An administrator enrols only with the one-time link an operator gave them (ADR 0027): the password alone is not enough. */
    const requireEnrolmentLink = async (user: TSessionUser, token: string | undefined, use = false) => {
      if (user.isAdmin && !(await checkEnrolmentLink(db, user.id, token, { use }))) throw new AppError('forbidden', 'security.enrolmentLinkRequired');
    };

    app.post(
      '/api/me/two-factor/enable',
      { preHandler: signedIn, schema: { body: ZEnableTwoFactor, response: { 200: ZTwoFactorSetup, ...changeErrors } } },
      async (request) => {
        const user = currentUser(request);
        if (user.twoFactorEnabled) throw new AppError('conflict', 'security.alreadyEnabled');
        await checkPassword(request, user, request.body.password);
        await requireEnrolmentLink(user, request.body.enrolmentToken);
        // a secret made earlier and never confirmed is replaced
        const setup = await auth.api.enableTwoFactor({ body: { password: request.body.password, method: 'totp' }, headers: authHeaders(request) });
        if (setup.method !== 'totp') throw new Error('an authenticator app was asked for');
        const { totpURI, backupCodes } = setup;
        return { totpUri: totpURI, secret: secretOf(totpURI), qrSvg: await qrCodeSvg(totpURI), recoveryCodes: backupCodes };
      },
    );

    app.post(
      '/api/me/two-factor/confirm',
      { preHandler: signedIn, schema: { body: ZConfirmTwoFactor, response: { 200: ZUserAnswer, ...changeErrors } } },
      async (request, reply) => {
        const user = currentUser(request);
        if (user.twoFactorEnabled) throw new AppError('conflict', 'security.alreadyEnabled');
        await limitAccount(request, user.email);
        await requireEnrolmentLink(user, request.body.enrolmentToken);
        // wrong codes here are bounded by limitAccount; the account's limit guards a confirmed factor
        const verdict = await acceptAppCode(db, auth, { userId: user.id, code: request.body.code }, { countWrong: false });
        if (!verdict.ok) throw refusal(verdict);
        try {
          // Better Auth confirms the secret, sets two_factor_enabled and swaps this session for a new one (opened with the factor)
          const { headers } = await auth.api.verifyTOTP({ body: { code: request.body.code }, headers: authHeaders(request), returnHeaders: true });
          forwardCookies(reply, headers);
          // sessions opened with the password alone before now must not stay full sessions, nor passkeys added without the factor
          await endOtherSessions(db, user.id, await newSessionToken(auth, headers));
          await removePasskeys(db, user.id);
          // the link worked once: used up with the enrolment it opened
          if (user.isAdmin) await checkEnrolmentLink(db, user.id, request.body.enrolmentToken, { use: true });
          await auditOwnFactor(db, user, 'enable_two_factor');
        } catch (error) {
          if (error instanceof APIError && /TOTP_NOT_ENABLED/.test(String(error.body?.code))) throw new AppError('conflict', 'security.enrolmentMissing');
          if (isRefusal(error)) throw wrongCode();
          throw error;
        }
        request.log.info({ userId: user.id }, 'second factor enabled');
        return { user: await loadSessionUser(db, user.id) };
      },
    );

    app.post(
      '/api/me/two-factor/disable',
      { preHandler: signedIn, schema: { body: ZPasswordAndCode, response: { 200: ZUserAnswer, ...changeErrors } } },
      async (request, reply) => {
        const user = currentUser(request);
        if (!user.twoFactorEnabled) throw new AppError('conflict', 'security.notEnabled');
        await checkPassword(request, user, request.body.password);
        await checkCode(request, user, request.body.code);
        const { headers } = await auth.api.disableTwoFactor({ body: { password: request.body.password }, headers: authHeaders(request), returnHeaders: true });
        forwardCookies(reply, headers);
        await auditOwnFactor(db, user, 'disable_two_factor');
        request.log.info({ userId: user.id }, 'second factor disabled');
        return { user: await loadSessionUser(db, user.id) };
      },
    );

    app.post(
      '/api/me/two-factor/recovery-codes',
      { preHandler: signedIn, schema: { body: ZPasswordAndCode, response: { 200: ZRecoveryCodes, ...changeErrors } } },
      async (request) => {
        const user = currentUser(request);
        if (!user.twoFactorEnabled) throw new AppError('conflict', 'security.notEnabled');
        await checkPassword(request, user, request.body.password);
        await checkCode(request, user, request.body.code);
        // the old codes stop working: the new list replaces them
        const { backupCodes } = await auth.api.generateBackupCodes({ body: { password: request.body.password }, headers: authHeaders(request) });
        return { recoveryCodes: backupCodes };
      },
    );

    app.delete(
      '/api/me/sessions/:id',
      {
        preHandler: signedIn,
        schema: {
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 204: emptyResponse('the session ended'), ...errorResponses('unauthorized', 'forbidden', 'not_found') },
        },
      },
      async (request, reply) => {
        // another person's session is "not found", like a missing one
        if (!(await endOwnSession(db, currentUser(request).id, request.params.id))) throw new AppError('not_found');
        return reply.status(204).send();
      },
    );
  };
