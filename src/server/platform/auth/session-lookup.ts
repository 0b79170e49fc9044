import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TSessionUser } from '@shared/auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** What the lookup needs of Better Auth's context (the same cookie name, secret and session ages). */
interface AuthContext {
  secret: string;
  authCookies: { sessionToken: { name: string } };
  sessionConfig: { expiresIn: number; updateAge: number };
}

/**
 * `user`: a live session that needs nothing written; `visitor`: no session cookie or a forged one;
 * `ask-auth`: anything else (an unknown, expired or due-for-refresh session), for Better Auth's own
 * getSession to answer, clear or refresh.
 */
export type SessionLookup = { kind: 'user'; user: TSessionUser } | { kind: 'visitor' } | { kind: 'ask-auth' };

/**
 * The session token from Better Auth's signed cookie (`token.base64(HMAC-SHA256(token))`, as
 * better-call signs it), or undefined when the cookie is missing or its signature is wrong.
 */
export function verifiedToken(cookieValue: string | undefined, secret: string): string | undefined {
  if (!cookieValue) return undefined;
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = cookieValue.slice(0, dot);
  const signature = cookieValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/** The session's columns a lookup reads: the user it belongs to, and when it ends. */
export const sessionColumns = { id: users.id, name: users.name, email: users.email, isAdmin: users.isAdmin, expiresAt: sessions.expiresAt };
type SessionRow = { id: string; name: string; email: string; isAdmin: boolean; expiresAt: Date };

/** A page's rows read together with the session (`lookupSessionWith`): each row carries the session's columns. */
export type JoinedRow<T> = { session: SessionRow; item: T | null };
export type JoinedLookup<T> = { kind: 'user'; user: TSessionUser; items: T[] } | Exclude<SessionLookup, { kind: 'user' }>;

/** Every session read: the session joined with its user (`innerJoin(users, sessionUser)`), found by its token. */
export const sessionUser = eq(users.id, sessions.userId);
export const byToken = eq(sessions.token, sql.placeholder('token'));

/**
 * Session resolution for every guarded request (ADR 0013): the cookie's signature checked here,
 * then ONE indexed query (sessions.token is unique) joined with the user, so a sign-out, a reset
 * (which deletes every session of the account) or a role change made by any instance shows on
 * the very next request. Better Auth's full getSession, with its generic adapter, runs only when
 * something must be written or cleared.
 */
export function createSessionLookup(db: Db, context: Promise<AuthContext>) {
  const query = db.select(sessionColumns).from(sessions).innerJoin(users, sessionUser).where(byToken).prepare('session_lookup');

  // a signature is checked once per cookie value: a client sends the same one on every request
  const verified = new Map<string, string>();
  async function sessionToken(cookies: Record<string, string | undefined>): Promise<{ token?: string; sessionConfig: AuthContext['sessionConfig'] }> {
    const { secret, authCookies, sessionConfig } = await context;
    const value = cookies[authCookies.sessionToken.name];
    let token = value === undefined ? undefined : verified.get(value);
    if (value !== undefined && token === undefined) {
      token = verifiedToken(value, secret);
      if (token !== undefined) {
        if (verified.size >= maxVerifiedCookies) verified.delete(verified.keys().next().value!);
        verified.set(value, token);
      }
    }
    return { token, sessionConfig };
  }

  function verdict(row: SessionRow | undefined, sessionConfig: AuthContext['sessionConfig']): SessionLookup {
    if (!row) return { kind: 'ask-auth' };
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    // Better Auth extends a session once it is updateAge old (and re-sends the cookie): its job
    const refreshDue = expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now;
    if (expiresAt <= now || refreshDue) return { kind: 'ask-auth' };
    return { kind: 'user', user: { id: row.id, name: row.name, email: row.email, isAdmin: row.isAdmin } };
  }

  return {
    async lookupSession(cookies: Record<string, string | undefined>): Promise<SessionLookup> {
      const { token, sessionConfig } = await sessionToken(cookies);
      if (!token) return { kind: 'visitor' };
      const [row] = await query.execute({ token });
      return verdict(row, sessionConfig);
    },
    /**
     * The session and a guarded read in ONE round trip (issue 20): `read` selects from the
     * session by its token, joined with the user as `sessionColumns`, its rows left-joined (no
     * rows: one row whose item is null). The same verdict as lookupSession; on anything but a
     * live session the caller takes the usual path.
     */
    async lookupSessionWith<T>(cookies: Record<string, string | undefined>, read: (token: string) => Promise<JoinedRow<T>[]>): Promise<JoinedLookup<T>> {
      const { token, sessionConfig } = await sessionToken(cookies);
      if (!token) return { kind: 'visitor' };
      const rows = await read(token);
      const found = verdict(rows[0]?.session, sessionConfig);
      if (found.kind !== 'user') return found;
      return { ...found, items: rows.flatMap((row) => (row.item ? [row.item] : [])) };
    },
  };
}

/** Enough for every client of a busy instance; beyond it the oldest entry goes (a Map keeps insertion order). */
const maxVerifiedCookies = 10_000;
