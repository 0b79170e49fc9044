import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '@shared/app-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth (cookies are also SameSite=Lax), one policy for every state change: a
 * browser's request must come from exactly the app's origin (scheme, host and port of APP_URL).
 * `Origin: null`, a malformed or another origin, and any Sec-Fetch-Site but same-origin are refused.
 * Requests with neither header (the payment provider's webhook, curl) are not from a browser page.
 */
export function sameOriginGuard(appUrl: string, { development = false }: { development?: boolean } = {}) {
  const appOrigin = new URL(appUrl).origin;
  const crossSite = (request: FastifyRequest): boolean => {
    if (safeMethods.has(request.method)) return false;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return true;
    const origin = request.headers.origin;
    return origin !== undefined && origin !== appOrigin;
  };
  // a callback hook: every request passes here, and an async one costs a promise each
  // in development the usual cause is the page opened at 127.0.0.1 while APP_URL says localhost: say so
  const refusal = development ? 'errors.otherAddress' : 'errors.forbidden';
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) =>
    done(crossSite(request) ? new AppError('forbidden', refusal) : undefined);
}
