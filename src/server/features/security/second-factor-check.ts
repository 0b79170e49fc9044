import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import type { TSessionUser } from '@shared/auth';
import { isRecoveryCode, normalizeSecondFactorCode } from '@shared/security';
import type { Db } from '../../db/client';
import { acceptAppCode, inEitherCase, type CodeVerdict } from '../../domain/second-factor-codes';
import { authHeaders } from '../../platform/auth/auth-http';
import type { Auth } from '../../platform/auth/better-auth';

/**
 * Whether `code` is a current code of the signed-in caller's second factor: an authenticator code
 * (its step is taken: it works once, domain/second-factor-codes.ts) or a recovery code (used up).
 * Asked before turning the factor off, making new recovery codes or deleting the account.
 */
export async function verifySecondFactor(
  { auth, db }: { auth: Auth; db: Db },
  request: FastifyRequest,
  user: Pick<TSessionUser, 'id' | 'twoFactorEnabled'>,
  rawCode: string,
): Promise<CodeVerdict> {
  // a secret not confirmed yet is confirmed only by /api/me/two-factor/confirm
  if (!user.twoFactorEnabled) return { ok: false, why: 'wrong' };
  const code = normalizeSecondFactorCode(rawCode);
  if (!isRecoveryCode(code)) return acceptAppCode(db, auth, { userId: user.id, code });
  try {
    // Better Auth reads the caller from the session cookie, so only one's own codes are checked
    await inEitherCase(code, (typed) => auth.api.verifyBackupCode({ body: { code: typed, disableSession: true }, headers: authHeaders(request) }));
    return { ok: true };
  } catch (error) {
    // a wrong code, or no factor at all: not verified; anything else is a real failure
    if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400)) return { ok: false, why: 'wrong' };
    throw error;
  }
}
