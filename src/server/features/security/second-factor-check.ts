import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import type { TSessionUser } from '@shared/auth';
import { isRecoveryCode, normalizeSecondFactorCode } from '@shared/security';
import { authHeaders } from '../../platform/auth/auth-http';
import type { Auth } from '../../platform/auth/better-auth';

/**
 * Whether `code` is a current code of the signed-in caller's second factor (issue 33): an
 * authenticator code (checked, nothing changes) or a recovery code (used up: it works once).
 * Asked before turning the factor off, making new recovery codes or deleting the account.
 * Better Auth reads the caller from the session cookie, so only one's own factor is checked.
 */
export async function verifySecondFactor(auth: Auth, request: FastifyRequest, user: Pick<TSessionUser, 'twoFactorEnabled'>, rawCode: string): Promise<boolean> {
  // a secret not confirmed yet must not be confirmed here (Better Auth's verify would enable it)
  if (!user.twoFactorEnabled) return false;
  const code = normalizeSecondFactorCode(rawCode);
  const headers = authHeaders(request);
  try {
    if (isRecoveryCode(code)) await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
    else await auth.api.verifyTOTP({ body: { code }, headers });
    return true;
  } catch (error) {
    // a wrong code, or no factor at all: not verified; anything else is a real failure
    if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400)) return false;
    throw error;
  }
}
