import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema';

/** How long a confirmation link works (once): long enough for an inbox read the next day. */
export const verificationHours = 48;
/** Confirmation emails one account may ask for in an hour, beyond the one sent at sign-up. */
export const verificationResendsPerHour = 3;

/** Only a digest of the token is stored: the database alone never holds a working link. */
const identifierOf = (token: string) => `verify-email:${createHash('sha256').update(token).digest('base64url')}`;

/**
 * A new one-time link proving `user`'s address (docs/product.md "Email addresses are proven"): a
 * random token in the link, its digest in `verifications` with the account's id as the value (so
 * an account's deletion takes it with the other tokens), for `verificationHours`.
 */
export async function newVerificationLink(db: Db, appUrl: string, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(verifications)
    .values({ id: randomUUID(), identifier: identifierOf(token), value: userId, expiresAt: new Date(Date.now() + verificationHours * 3600_000) });
  return `${appUrl}/api/auth/verify-email?token=${token}`;
}

/**
 * Uses up a confirmation link: the account it was made for is marked verified (the users row's
 * update tells every instance's session cache). Returns that account, or null for an unknown,
 * used or expired token.
 */
export async function confirmAddress(db: Db, token: string): Promise<{ id: string; language: string } | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(verifications)
      .where(and(eq(verifications.identifier, identifierOf(token)), gt(verifications.expiresAt, new Date())))
      .returning({ userId: verifications.value });
    if (!used) return null;
    const [account] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, used.userId))
      .returning({ id: users.id, language: users.language });
    return account ?? null;
  });
}
