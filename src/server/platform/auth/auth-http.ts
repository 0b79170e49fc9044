import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** Better Auth answers with Set-Cookie headers; pass them on to the browser. */
export function forwardCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** Only what Better Auth needs from the request: the cookies and who is asking. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders({ cookie: request.headers.cookie, 'user-agent': request.headers['user-agent'] });
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Every rate-limit counter of one account starts with this: a completed password reset clears them all. */
export const accountKeys = (email: string) => `auth:account:${email}:`;

/**
 * The limits on guessing a password or a second-factor code. Brute force is bounded three ways:
 * per address, per account from one address, and per account from all addresses (the ceiling). A
 * guesser elsewhere never locks the owner out of their own address, and past the ceiling the reset
 * email (never refused) and the reset itself (which clears these counters) let the owner back in.
 */
export function authLimits({ config, rateLimiter }: { config: Config; rateLimiter: RateLimiter }) {
  const window = { windowMs: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 };
  const limitAddress = (request: FastifyRequest) => rateLimiter.hit(`auth:ip:${request.ip}`, { ...window, limit: config.AUTH_RATE_LIMIT_IP });
  const limitAccount = async (request: FastifyRequest, email: string) => {
    await limitAddress(request);
    await rateLimiter.hit(`${accountKeys(email)}ip:${request.ip}`, { ...window, limit: config.AUTH_RATE_LIMIT_ACCOUNT });
    await rateLimiter.hit(`${accountKeys(email)}all`, { ...window, limit: config.AUTH_RATE_LIMIT_ACCOUNT_CEILING });
  };
  return { window, limitAddress, limitAccount };
}
