import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { TSessionUser } from '@shared/auth';
import type { Language } from '@shared/languages';
import type { TOwnSession, TSecurityAnswer } from '@shared/security';
import type { Db } from '../../db/client';
import { adminAudit, sessions, twoFactors, users, verifications } from '../../db/schema';
import type { Auth } from '../../platform/auth/better-auth';
import { verifiedToken } from '../../platform/auth/session-lookup';

/** The secret an authenticator app reads from the QR code, for typing it in by hand (base32). */
export function secretOf(totpUri: string): string {
  return new URL(totpUri).searchParams.get('secret') ?? '';
}

/** The QR code of the otpauth:// address as an SVG, drawn on the server: no QR library in the browser. */
export function qrCodeSvg(totpUri: string): Promise<string> {
  return QRCode.toString(totpUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/** Whether the factor is on, or a secret waits for its first code. */
export async function twoFactorState(db: Db, userId: string): Promise<Pick<TSecurityAnswer, 'twoFactorEnabled' | 'enrolmentPending'>> {
  const [row] = await db
    .select({ enabled: users.twoFactorEnabled, verified: twoFactors.verified })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, userId));
  return { twoFactorEnabled: Boolean(row?.enabled), enrolmentPending: !row?.enabled && row?.verified === false };
}

/** The token of the request's own session (its cookie, signature checked), to mark it in the list. */
export async function sessionTokenOf(auth: Auth, request: FastifyRequest): Promise<string | undefined> {
  const { secret, authCookies } = await auth.$context;
  return verifiedToken(request.cookies[authCookies.sessionToken.name], secret);
}

/** Who may add a passkey (ADR 0027): a session opened with a second factor; an administrator also needs the app enrolled. */
const passkeysAllowedFor = (user: Pick<TSessionUser, 'isAdmin' | 'twoFactorEnabled'>, openedWithFactor: boolean) =>
  openedWithFactor && !(user.isAdmin && !user.twoFactorEnabled);

/** passkeysAllowedFor the request's own session (sessions.second_factor, read by its token). */
export async function mayAddPasskey(auth: Auth, db: Db, request: FastifyRequest, user: TSessionUser): Promise<boolean> {
  const token = await sessionTokenOf(auth, request);
  if (!token) return false;
  const [row] = await db.select({ secondFactor: sessions.secondFactor }).from(sessions).where(eq(sessions.token, token));
  return passkeysAllowedFor(user, row?.secondFactor === true);
}

/** The token of the session a Better Auth answer just started (its Set-Cookie), if any. */
export async function newSessionToken(auth: Auth, headers: Headers): Promise<string | undefined> {
  const { secret, authCookies } = await auth.$context;
  for (const cookie of headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const at = pair!.indexOf('=');
    if (pair!.slice(0, at) === authCookies.sessionToken.name) return verifiedToken(decodeURIComponent(pair!.slice(at + 1)), secret);
  }
  return undefined;
}

/**
 * The sign-in challenge behind the request (the signed two-factor cookie the password step set,
 * as Better Auth's plugin reads it) and the account it is for, while it lives; else null.
 */
export async function challengeOf(auth: Auth, db: Db, request: FastifyRequest): Promise<{ id: string; userId: string } | null> {
  const context = await auth.$context;
  const id = verifiedToken(request.cookies[context.createAuthCookie('two_factor').name], context.secret);
  if (!id) return null;
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, id), gt(verifications.expiresAt, new Date())));
  return row ? { id, userId: row.userId } : null;
}

/** A challenge that had its five wrong codes: the password is asked again. */
export async function endChallenge(db: Db, id: string) {
  await db.delete(verifications).where(eq(verifications.identifier, id));
}

/**
 * The caller's live sessions, the current one first, then the most recently used; and whether the
 * current one may add a passkey (from the same read: its second_factor).
 */
export async function listOwnSessions(
  db: Db,
  user: TSessionUser,
  currentToken: string | undefined,
): Promise<{ sessions: TOwnSession[]; passkeysAllowed: boolean }> {
  const rows = await db
    .select({
      id: sessions.id,
      token: sessions.token,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      secondFactor: sessions.secondFactor,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt));
  const current = rows.find((row) => row.token === currentToken);
  const listed = rows
    .map(({ token, secondFactor: _secondFactor, ...row }) => ({
      ...row,
      current: token === currentToken,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }))
    .map(({ updatedAt: _updatedAt, ...session }) => session)
    .sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions: listed, passkeysAllowed: passkeysAllowedFor(user, current?.secondFactor === true) };
}

/** Ends one of the caller's sessions; false when it is not theirs (or gone). */
export async function endOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Every session of the account but the one just made with the second factor (none found: every one). */
export async function endOtherSessions(db: Db, userId: string, keepToken: string | undefined) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keepToken ? ne(sessions.token, keepToken) : undefined));
}

/** The owner turned their factor on or off: in the same audit as the administrators' actions on accounts. */
export async function auditOwnFactor(db: Db, user: TSessionUser, action: 'enable_two_factor' | 'disable_two_factor') {
  await db.insert(adminAudit).values({ actorId: user.id, targetId: user.id, action, detail: { email: user.email } });
}

export async function saveLanguage(db: Db, userId: string, language: Language) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
