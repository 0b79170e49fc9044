import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@shared/app-error';
import { hasAdminAccess, type TSessionUser } from '@shared/auth';
import type { Auth } from './better-auth';
import { countsAsSession, type SessionLookup } from './session-lookup';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by requireUser / requireAdmin */
    user?: TSessionUser;
  }
}

/**
 * The session behind the request's cookie, or null: one indexed query for a live session (ADR
 * 0013); Better Auth's getSession for the rest, which refreshes or clears the cookie as it must.
 */
export async function readSession(auth: Auth, request: FastifyRequest, reply?: FastifyReply): Promise<TSessionUser | null> {
  return sessionFrom(await auth.lookupSession(request.cookies), auth, request, reply);
}

/** readSession from a lookup already made (a route that read the session with its data, lookupSessionWith). */
export async function sessionFrom(found: SessionLookup, auth: Auth, request: FastifyRequest, reply?: FastifyReply): Promise<TSessionUser | null> {
  if (found.kind === 'user') return found.user;
  if (found.kind === 'visitor') return null;
  const { headers, response } = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
  const cookie = headers.get('set-cookie');
  if (cookie && reply) reply.header('set-cookie', cookie);
  if (!response) return null;
  const { user } = response;
  const { isAdmin, twoFactorEnabled } = user as { isAdmin?: boolean; twoFactorEnabled?: boolean | null };
  const { secondFactor } = response.session as { secondFactor?: boolean | null };
  if (!countsAsSession({ twoFactorEnabled: Boolean(twoFactorEnabled), secondFactor: Boolean(secondFactor) })) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: Boolean(user.emailVerified),
    isAdmin: Boolean(isAdmin),
    twoFactorEnabled: Boolean(twoFactorEnabled),
  };
}

/** sessionFrom for a route that needs a user: a visitor or a dead session is `unauthorized`. */
export async function requireUserFrom(found: SessionLookup, auth: Auth, request: FastifyRequest, reply: FastifyReply): Promise<TSessionUser> {
  const user = await sessionFrom(found, auth, request, reply);
  if (!user) throw new AppError('unauthorized');
  return user;
}

/** preHandlers: the server enforces roles itself; the client's guards are convenience. */
export const requireUser = (auth: Auth) =>
  async function requireUserHandler(request: FastifyRequest, reply: FastifyReply) {
    request.user = await requireUserFrom(await auth.lookupSession(request.cookies), auth, request, reply);
  };

export const requireAdmin = (auth: Auth) => {
  const requireSignedIn = requireUser(auth);
  return async function requireAdminHandler(request: FastifyRequest, reply: FastifyReply) {
    await requireSignedIn(request, reply);
    if (!request.user?.isAdmin) throw new AppError('forbidden');
    // a password alone never opens the admin area (ADR 0027); the answer says what to do
    if (!hasAdminAccess(request.user)) throw new AppError('second_factor_required', 'security.enrolmentRequired');
  };
};

/** The user set by requireUser; a route without the guard is a programming error. */
export function currentUser(request: FastifyRequest): TSessionUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
