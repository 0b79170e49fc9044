import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { authHeaders, authLimits } from '../../platform/auth/auth-http';
import type { Services } from '../../services';

/** Better Auth's refusal of a wrong password or code (anything else is a real failure). */
export const isRefusal = (error: unknown): error is APIError => error instanceof APIError && (error.statusCode === 400 || error.statusCode === 401);

/**
 * The password asked again before a change to how one signs in (turning the factor on or off, new
 * recovery codes, a new passkey). Better Auth checks it and rate limits nothing: each guess counts
 * on the account's limits here, like a sign-in.
 */
export function createPasswordCheck(services: Pick<Services, 'auth' | 'config' | 'rateLimiter'>) {
  const { limitAccount } = authLimits(services);
  return async (request: FastifyRequest, user: TSessionUser, password: string) => {
    await limitAccount(request, user.email);
    try {
      await services.auth.api.verifyPassword({ body: { password }, headers: authHeaders(request) });
    } catch (error) {
      if (isRefusal(error)) throw new AppError('validation_failed', 'errors.validation_failed', { password: 'security.passwordWrong' });
      throw error;
    }
  };
}
