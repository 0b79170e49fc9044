import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TSessionUser } from '@shared/auth';
import type { Db } from '../../db/client';
import { UserCache, type Freshness } from '../../db/user-changes';
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

/** The session's columns a lookup reads: the user it belongs to, how it was opened, and when it ends. */
export const sessionColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  isAdmin: users.isAdmin,
  twoFactorEnabled: users.twoFactorEnabled,
  secondFactor: sessions.secondFactor,
  expiresAt: sessions.expiresAt,
};
type SessionRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
  secondFactor: boolean;
  expiresAt: Date;
};

/**
 * A session of an account with a second factor counts only if it was opened with it (ADR 0027). The
 * app never leaves another one behind, but one made some other way (a route that once skipped the
 * code, or from before sessions recorded it) must not open anything: it is no session.
 */
export const countsAsSession = (row: { twoFactorEnabled: boolean; secondFactor: boolean }) => !row.twoFactorEnabled || row.secondFactor;

/** A page's rows read together with the session (`lookupSessionWith`): each row carries the session's columns. */
export type JoinedRow<T> = { session: SessionRow; item: T | null };
export type JoinedLookup<T> = { kind: 'user'; user: TSessionUser; items: T[] } | Exclude<SessionLookup, { kind: 'user' }>;

/** Every session read: the session joined with its user (`innerJoin(users, sessionUser)`), found by its token. */
export const sessionUser = eq(users.id, sessions.userId);
export const byToken = eq(sessions.token, sql.placeholder('token'));

/**
 * A user's rows read with their session (GET /api/orders): cached per user beside the session, or
 * read with it in one round trip, or alone when only the session was cached.
 */
export interface JoinedRead<T> {
  cache: UserCache<T[]>;
  /** the session by its token joined with its user as `sessionColumns`, the rows left-joined (none: one row whose item is null) */
  withSession(token: string): Promise<JoinedRow<T>[]>;
  /** the rows alone */
  of(userId: string): Promise<T[]>;
}

/**
 * Session resolution for every guarded request (ADR 0013): the cookie's signature checked here,
 * then the session joined with its user, from this instance's cache once a freshness check
 * started after the request arrived has run (db/user-changes.ts), else ONE indexed query
 * (sessions.token is unique). A sign-out, a reset (which deletes every session of the account)
 * or a role change made by any instance thus shows on the very next request. Better Auth's full
 * getSession, with its generic adapter, runs only when something must be written or cleared.
 */
export function createSessionLookup(db: Db, authContext: Promise<AuthContext>, freshness: Freshness) {
  const query = db.select(sessionColumns).from(sessions).innerJoin(users, sessionUser).where(byToken).prepare('session_lookup');
  // found sessions only, by token: an unknown token always goes to Better Auth
  const cached = new UserCache<SessionRow>(freshness);

  // a signature is checked once per cookie value: a client sends the same one on every request
  const verified = new Map<string, string>();
  // Better Auth's context, once resolved: read without a promise on every request
  let resolved: AuthContext | undefined;
  function sessionToken(cookies: Record<string, string | undefined>, { secret, authCookies }: AuthContext): string | undefined {
    const value = cookies[authCookies.sessionToken.name];
    if (value === undefined) return undefined;
    let token = verified.get(value);
    if (token === undefined) {
      token = verifiedToken(value, secret);
      if (token !== undefined) {
        if (verified.size >= maxVerifiedCookies) verified.delete(verified.keys().next().value!);
        verified.set(value, token);
      }
    }
    return token;
  }

  function verdict(row: SessionRow | undefined, sessionConfig: AuthContext['sessionConfig']): SessionLookup {
    if (!row) return { kind: 'ask-auth' };
    if (!countsAsSession(row)) return { kind: 'visitor' };
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    // Better Auth extends a session once it is updateAge old (and re-sends the cookie): its job
    const refreshDue = expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now;
    if (expiresAt <= now || refreshDue) return { kind: 'ask-auth' };
    return {
      kind: 'user',
      user: { id: row.id, name: row.name, email: row.email, emailVerified: row.emailVerified, isAdmin: row.isAdmin, twoFactorEnabled: row.twoFactorEnabled },
    };
  }

  return {
    /** The session token behind a verified cookie, or undefined: the live stream checks its session again by it. */
    async sessionTokenOf(cookies: Record<string, string | undefined>): Promise<string | undefined> {
      return sessionToken(cookies, resolved ?? (resolved = await authContext));
    },
    async lookupSession(cookies: Record<string, string | undefined>): Promise<SessionLookup> {
      const context = resolved ?? (resolved = await authContext);
      const token = sessionToken(cookies, context);
      if (!token) return { kind: 'visitor' };
      let row = await cached.fresh(token);
      if (!row) {
        const mark = freshness.mark();
        [row] = await query.execute({ token });
        if (row) cached.set(token, row.id, row, mark);
      }
      return verdict(row, context.sessionConfig);
    },
    /**
     * The session and a guarded read of the user's rows: both cached, or the rows read
     * alone after a cached session, or both in ONE round trip. The same verdict as lookupSession;
     * on anything but a live session the caller takes the usual path.
     */
    async lookupSessionWith<T>(cookies: Record<string, string | undefined>, read: JoinedRead<T>): Promise<JoinedLookup<T>> {
      const context = resolved ?? (resolved = await authContext);
      const token = sessionToken(cookies, context);
      if (!token) return { kind: 'visitor' };
      const row = await cached.fresh(token);
      if (row) {
        const found = verdict(row, context.sessionConfig);
        if (found.kind !== 'user') return found;
        // the check `fresh` awaited covers both caches: read in the same task
        let items = read.cache.current(row.id);
        if (!items) {
          const mark = freshness.mark();
          items = await read.of(row.id);
          read.cache.set(row.id, row.id, items, mark);
        }
        return { ...found, items };
      }
      const mark = freshness.mark();
      const rows = await read.withSession(token);
      const session = rows[0]?.session;
      const found = verdict(session, context.sessionConfig);
      if (found.kind !== 'user') return found;
      const items = rows.flatMap((joined) => (joined.item ? [joined.item] : []));
      cached.set(token, session!.id, session!, mark);
      read.cache.set(session!.id, session!.id, items, mark);
      return { ...found, items };
    },
  };
}

/** Enough for every client of a busy instance; beyond it the oldest entry goes (a Map keeps insertion order). */
const maxVerifiedCookies = 10_000;
