import type { FastifyRequest } from 'fastify';
import { AppError } from '@shared/app-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth (cookies are also SameSite=Lax), one policy for every state change: a
 * browser's request must come from exactly the app's origin (scheme, host and port of APP_URL).
 * `Origin: null`, a malformed or another origin, and any Sec-Fetch-Site but same-origin are refused.
 * Requests with neither header (the payment provider's webhook, curl) are not from a browser page.
 */
export function sameOriginGuard(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return async (request: FastifyRequest) => {
    if (safeMethods.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') throw new AppError('forbidden');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== appOrigin) throw new AppError('forbidden');
  };
}
