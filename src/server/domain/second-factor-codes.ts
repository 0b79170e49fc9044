import { createHmac, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { twoFactors } from '../db/schema';
import type { Auth } from '../platform/auth/better-auth';

/**
 * The account's limit on wrong second-factor codes (ADR 0027, docs/product.md "Second factor"),
 * across every sign-in challenge and every address: after each run of `perWindow` wrong codes the
 * app's codes are refused for `windowMs`, and after `beforeReset` in a row (NIST SP 800-63B allows
 * at most 100) until a recovery code or a password reset. A guesser thus gets 100 tries in all,
 * about a 0.03 % chance; the owner always has a recovery code and the reset email, and the
 * password step is never locked by someone else's guesses.
 */
export const codeLimits = { perWindow: 10, windowMs: 15 * 60_000, beforeReset: 100 } as const;

/** RFC 6238 as Better Auth's plugin sets it up: six digits, 30-second steps, one step either side. */
const period = 30;
const digits = 6;

export type CodeVerdict =
  | { ok: true }
  /** wrong, a code of a step already used (a code works once: ASVS 5.0 V6), or no factor to check it against */
  | { ok: false; why: 'wrong' | 'used' | 'missing' }
  /** the account's limit: `retryAfterSeconds` null until a recovery code or a password reset */
  | { ok: false; why: 'locked'; retryAfterSeconds: number | null };

function hotp(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return ((digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).toString().padStart(digits, '0');
}

/** The step of the window (now, one before, one after) whose code is `code`, or null; every candidate is compared. */
function matchingStep(key: Buffer, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(now / 1000 / period);
  let found: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) found = step;
  }
  return found;
}

/** The secret as the plugin stores it: encrypted with the auth secret; its bytes are the HMAC key. */
async function secretKey(auth: Auth, encrypted: string): Promise<Buffer> {
  const { secretConfig } = await auth.$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: encrypted });
  // secrets imported from elsewhere would be `base32:…`; the plugin never makes one and neither do we
  if (secret.startsWith('base32:')) throw new Error('an imported base32 secret is not supported');
  return Buffer.from(secret, 'utf8');
}

function lockState(row: { failedVerificationCount: number; lockedUntil: Date | null }, now: number): CodeVerdict | null {
  if (row.failedVerificationCount >= codeLimits.beforeReset) return { ok: false, why: 'locked', retryAfterSeconds: null };
  if (row.lockedUntil && row.lockedUntil.getTime() > now)
    return { ok: false, why: 'locked', retryAfterSeconds: Math.ceil((row.lockedUntil.getTime() - now) / 1000) };
  return null;
}

/** A wrong code (or a used one) counts against the account; every `perWindow`-th starts a pause. */
export async function recordWrongCode(db: Db, userId: string, now = Date.now()) {
  const next = sql`${twoFactors.failedVerificationCount} + 1`;
  await db
    .update(twoFactors)
    .set({
      failedVerificationCount: next,
      lockedUntil: sql`case when (${next}) % ${codeLimits.perWindow} = 0 then ${new Date(now + codeLimits.windowMs).toISOString()}::timestamptz else ${twoFactors.lockedUntil} end`,
    })
    .where(eq(twoFactors.userId, userId));
}

/** A right code, a recovery code or a completed password reset: the run of wrong codes starts again. */
export async function clearWrongCodes(db: Db, userId: string) {
  await db.update(twoFactors).set({ failedVerificationCount: 0, lockedUntil: null }).where(eq(twoFactors.userId, userId));
}

/**
 * Checks an authenticator app's code of `userId`'s factor (confirmed or waiting for its first code)
 * and, if right, takes its step: the same code, or an older one, is refused from then on, on every
 * instance (compare-and-set on the row). Wrong and used codes count against the account's limit
 * unless `countWrong` is false (enrolment, bounded by the password limits).
 */
export async function acceptAppCode(
  db: Db,
  auth: Auth,
  { userId, code }: { userId: string; code: string },
  { now = Date.now(), countWrong = true } = {},
): Promise<CodeVerdict> {
  const [row] = await db
    .select({ secret: twoFactors.secret, failedVerificationCount: twoFactors.failedVerificationCount, lockedUntil: twoFactors.lockedUntil })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!row) return { ok: false, why: 'missing' };
  const locked = lockState(row, now);
  if (locked) return locked;
  const step = matchingStep(await secretKey(auth, row.secret), code, now);
  if (step === null) {
    if (countWrong) await recordWrongCode(db, userId, now);
    return { ok: false, why: 'wrong' };
  }
  const taken = await db
    .update(twoFactors)
    .set({ lastTotpStep: step, failedVerificationCount: 0, lockedUntil: null })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
    .returning({ id: twoFactors.id });
  if (taken.length === 0) {
    if (countWrong) await recordWrongCode(db, userId, now);
    return { ok: false, why: 'used' };
  }
  return { ok: true };
}

/**
 * Checks a recovery code as typed and, refused, once more in capitals: today's codes are all
 * capitals, so one typed in small letters is still hers; a code made before kept its mixed case.
 */
export async function inEitherCase<T>(code: string, check: (code: string) => Promise<T>): Promise<T> {
  try {
    return await check(code);
  } catch (error) {
    const capitals = code.toUpperCase();
    if (capitals === code) throw error;
    return check(capitals);
  }
}
