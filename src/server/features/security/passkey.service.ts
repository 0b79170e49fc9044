import { getAuthenticatorName } from '@better-auth/passkey';
import { and, asc, count, eq } from 'drizzle-orm';
import type { TSessionUser } from '@shared/auth';
import type { TOwnPasskey } from '@shared/security';
import type { Db } from '../../db/client';
import { adminAudit, passkeys } from '../../db/schema';

/** The caller's passkeys, oldest first: names and dates, never keys or credential ids. */
export async function listOwnPasskeys(db: Db, userId: string): Promise<TOwnPasskey[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, aaguid: passkeys.aaguid, backedUp: passkeys.backedUp })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? '',
    createdAt: row.createdAt.toISOString(),
    provider: getAuthenticatorName(row.aaguid ?? undefined) ?? null,
    backedUp: row.backedUp,
  }));
}

export async function countOwnPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Removes one of the caller's passkeys, audited; false when it is not theirs (or gone). */
export async function removeOwnPasskey(db: Db, user: TSessionUser, passkeyId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (!removed) return false;
    await tx.insert(adminAudit).values({ actorId: user.id, targetId: user.id, action: 'remove_passkey', detail: { email: user.email, passkey: removed.name } });
    return true;
  });
}

export async function auditPasskeyAdded(db: Db, user: TSessionUser, name: string) {
  await db.insert(adminAudit).values({ actorId: user.id, targetId: user.id, action: 'add_passkey', detail: { email: user.email, passkey: name } });
}
