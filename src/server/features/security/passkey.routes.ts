import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@shared/app-error';
import { ZUserAnswer, type TSessionUser } from '@shared/auth';
import { maxPasskeys } from '@shared/passkey-limits';
import { ZAddPasskey, ZPasskeyList, ZPasskeyOptions, ZPasskeyOptionsRequest, ZPasskeySignInRequest } from '@shared/security';
import { authHeaders, authLimits, forwardCookies } from '../../platform/auth/auth-http';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { emptyResponse, errorResponses } from '../../platform/http/openapi';
import { loadSessionUser } from '../../domain/session-user';
import type { Services } from '../../services';
import { createPasswordCheck } from './password-check';
import { auditPasskeyAdded, countOwnPasskeys, listOwnPasskeys, removeOwnPasskey } from './passkey.service';
import { mayAddPasskey, saveLanguage } from './security.service';

/**
 * Passkeys (ADR 0027): adding one (from a session opened with a second factor, the password again,
 * then the device's credential), removing one, and signing in with one. Better Auth's passkey plugin makes the challenges and
 * checks the device's answers; these routes own validation, rate limits, audit and our errors.
 * Every refusal of a device's answer (a stale or replayed challenge, another site's origin, a bad
 * signature, no user verification, an unknown credential) is one answer: it did not work.
 */
export const passkeyRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function passkeys(app) {
    const { auth, db } = services;
    const { limitAddress } = authLimits(services);
    const signedIn = requireUser(auth);
    const checkPassword = createPasswordCheck(services);
    const changeErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'conflict', 'rate_limited');
    /** A password alone never adds a passkey: it would outlive a reset of the password and open the account on its own (ADR 0027). */
    const refuseWithoutFactor = async (request: FastifyRequest, user: TSessionUser) => {
      if (!(await mayAddPasskey(auth, db, request, user))) throw new AppError('forbidden', 'security.passkey.needsFactor');
    };

    app.post(
      '/api/me/passkeys/options',
      { preHandler: signedIn, schema: { body: ZPasskeyOptionsRequest, response: { 200: ZPasskeyOptions, ...changeErrors } } },
      async (request, reply) => {
        const user = currentUser(request);
        await refuseWithoutFactor(request, user);
        if ((await countOwnPasskeys(db, user.id)) >= maxPasskeys) throw new AppError('conflict', 'security.passkey.tooMany');
        await checkPassword(request, user, request.body.password);
        // the challenge is kept five minutes, tied to this account, behind a signed cookie
        const { headers, response } = await auth.api.generatePasskeyRegistrationOptions({ headers: authHeaders(request), returnHeaders: true });
        forwardCookies(reply, headers);
        return ZPasskeyOptions.parse(response);
      },
    );

    app.post(
      '/api/me/passkeys',
      { preHandler: signedIn, schema: { body: ZAddPasskey, response: { 200: ZPasskeyList, ...changeErrors } } },
      async (request, reply) => {
        const user = currentUser(request);
        await limitAddress(request);
        await refuseWithoutFactor(request, user);
        if ((await countOwnPasskeys(db, user.id)) >= maxPasskeys) throw new AppError('conflict', 'security.passkey.tooMany');
        const { name, credential } = request.body;
        try {
          const { headers } = await auth.api.verifyPasskeyRegistration({
            body: { response: credential, name },
            headers: authHeaders(request),
            returnHeaders: true,
          });
          forwardCookies(reply, headers);
        } catch (error) {
          if (error instanceof APIError) throw new AppError('validation_failed', 'errors.validation_failed', { credential: 'security.passkey.notAdded' });
          throw error;
        }
        await auditPasskeyAdded(db, user, name);
        request.log.info({ userId: user.id }, 'passkey added');
        return { passkeys: await listOwnPasskeys(db, user.id) };
      },
    );

    app.delete(
      '/api/me/passkeys/:id',
      {
        preHandler: signedIn,
        schema: {
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 204: emptyResponse('the passkey was removed'), ...errorResponses('unauthorized', 'forbidden', 'not_found') },
        },
      },
      async (request, reply) => {
        // another person's passkey is "not found", like a missing one
        if (!(await removeOwnPasskey(db, currentUser(request), request.params.id))) throw new AppError('not_found');
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/auth/passkey/options',
      { schema: { response: { 200: ZPasskeyOptions, ...errorResponses('forbidden', 'rate_limited') } } },
      async (request, reply) => {
        await limitAddress(request);
        // no account named: the device offers the passkeys it holds for this site (discoverable credentials)
        const { headers, response } = await auth.api.generatePasskeyAuthenticationOptions({ headers: authHeaders(request), returnHeaders: true });
        forwardCookies(reply, headers);
        return ZPasskeyOptions.parse(response);
      },
    );

    app.post(
      '/api/auth/passkey',
      {
        schema: {
          body: ZPasskeySignInRequest,
          response: { 200: ZUserAnswer, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'rate_limited') },
        },
      },
      async (request, reply) => {
        await limitAddress(request);
        const { credential, language } = request.body;
        try {
          const { headers, response } = await auth.api.verifyPasskeyAuthentication({
            body: { response: credential },
            headers: authHeaders(request),
            returnHeaders: true,
          });
          forwardCookies(reply, headers);
          if (language) await saveLanguage(db, response.user.id, language);
          return { user: await loadSessionUser(db, response.user.id) };
        } catch (error) {
          if (error instanceof APIError) throw new AppError('unauthorized', 'auth.passkey.failed');
          throw error;
        }
      },
    );
  };
