import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { and, eq, gt, like } from 'drizzle-orm';
import { ZEmail } from '@shared/auth';
import type { Db } from '../db/client';
import { adminAudit, passkeys, sessions, twoFactors, users, verifications } from '../db/schema';
import type { Auth } from '../platform/auth/better-auth';
import { signUpSchema } from '../platform/auth/password-policy';

export class AdminCommandError extends Error {}

/** The command speaks English: the schema's translation keys, spelled out. */
const explain: Record<string, string> = {
  'auth.weakPassword': 'it is one of the most common passwords (or a variant of one)',
  'auth.passwordTooSimple': 'it has too few different characters',
  'auth.passwordPersonal': 'it contains the name or the email address',
  'auth.passwordLength': 'it is too short',
  'auth.passwordTooLong': 'it is too long',
  'auth.passwordRequired': 'it is required',
  'auth.validEmail': 'it is not a valid email',
  'auth.emailRequired': 'it is required',
  'auth.nameRequired': 'it is required',
};

/** Creates an administrator with a password (validated like every sign-up). */
export async function createAdmin(auth: Auth, db: Db, input: { email: string; password: string; name: string; minPasswordLength: number }) {
  const parsed = signUpSchema(input.minPasswordLength).safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdminCommandError(`Invalid ${issue?.path.join('.') ?? 'input'}: ${explain[issue?.message ?? ''] ?? issue?.message}`);
  }
  try {
    await auth.api.signUpEmail({ body: { ...parsed.data, language: 'en' } });
  } catch (error) {
    if (error instanceof APIError && /ALREADY_EXISTS/.test(String(error.body?.code))) {
      throw new AdminCommandError(`An account with ${parsed.data.email} already exists: use \`promote\` instead.`);
    }
    throw error;
  }
  return promoteAdmin(db, parsed.data.email);
}

/** Makes an existing account an administrator. */
export async function promoteAdmin(db: Db, rawEmail: string) {
  const email = ZEmail.safeParse(rawEmail);
  if (!email.success) throw new AdminCommandError(`Not a valid email: ${rawEmail}`);
  const [user] = await db
    .update(users)
    .set({ isAdmin: true, updatedAt: new Date() })
    .where(eq(users.email, email.data))
    .returning({ id: users.id, email: users.email, twoFactorEnabled: users.twoFactorEnabled });
  if (!user) throw new AdminCommandError(`No account with ${email.data}: use \`create\` instead.`);
  return user;
}

/**
 * Passkeys of an account whose factor was just confirmed or reset: any of them may have been added
 * without the factor (planted with a stolen password), so all go (ADR 0027). Returns how many.
 */
export async function removePasskeys(db: Db, userId: string): Promise<number> {
  return (await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length;
}

/**
 * Removes an account's second factor, for someone who lost it: the secret, the recovery codes and
 * the passkeys go, the flag is cleared, and every session ends (a stolen one, or a planted passkey,
 * must not outlive the reset). An administrator then signs in with the password and must enroll
 * again before the admin area opens. Audited; `actorId` null when the admin command did it.
 */
export async function resetSecondFactor(db: Db, target: { id: string; email: string }, actor: { id: string; email: string } | null) {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, target.id)).returning({ id: twoFactors.id });
    const passkeysRemoved = await removePasskeys(tx, target.id);
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, target.id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, target.id)).returning({ id: sessions.id });
    await tx.insert(adminAudit).values({
      actorId: actor?.id ?? null,
      targetId: target.id,
      action: 'reset_two_factor',
      detail: {
        email: target.email,
        actorEmail: actor?.email ?? 'admin command',
        hadFactor: removed.length > 0,
        passkeys: passkeysRemoved,
        sessions: ended.length,
      },
    });
    return { id: target.id, sessionsEnded: ended.length };
  });
}

/** `npm run admin -- reset-2fa EMAIL`: for the last administrator, who has no one to ask. */
export async function resetSecondFactorByEmail(db: Db, rawEmail: string) {
  const email = ZEmail.safeParse(rawEmail);
  if (!email.success) throw new AdminCommandError(`Not a valid email: ${rawEmail}`);
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email.data));
  if (!user) throw new AdminCommandError(`No account with ${email.data}.`);
  return resetSecondFactor(db, user, null);
}

/** How long an enrolment link works (once): an operator's message read the next working day. */
export const enrolmentLinkHours = 72;

const enrolmentPrefix = 'admin-enrolment:';
/** Only a digest of the token is stored: the database alone never holds a working link. */
const enrolmentIdentifier = (token: string) => `${enrolmentPrefix}${createHash('sha256').update(token).digest('base64url')}`;

/**
 * A one-time link that lets `userId` set up the second factor of an administrator account
 * (ADR 0027): whoever learns the password alone cannot enrol their own authenticator first. The
 * token travels in the URL's fragment, which browsers never send to a server or a log; a new link
 * replaces the account's earlier ones. Given out by `npm run admin -- create`, `promote` and
 * `reset-2fa`, and by the users page's promote and reset.
 */
export async function newEnrolmentLink(db: Db, appUrl: string, userId: string): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + enrolmentLinkHours * 3600_000);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, `${enrolmentPrefix}%`)));
    await tx.insert(verifications).values({ id: randomUUID(), identifier: enrolmentIdentifier(token), value: userId, expiresAt });
  });
  return { url: `${appUrl}/admin#enrolment=${token}`, expiresAt };
}

/** Whether `token` is a live enrolment link of `userId`; with `use`, it is used up (once). */
export async function checkEnrolmentLink(db: Db, userId: string, token: string | undefined, { use = false } = {}): Promise<boolean> {
  if (!token) return false;
  const matching = and(eq(verifications.identifier, enrolmentIdentifier(token)), eq(verifications.value, userId), gt(verifications.expiresAt, new Date()));
  const rows = use
    ? await db.delete(verifications).where(matching).returning({ id: verifications.id })
    : await db.select({ id: verifications.id }).from(verifications).where(matching);
  return rows.length > 0;
}
