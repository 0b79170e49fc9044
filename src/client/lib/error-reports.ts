import { clientErrorLimits, clientErrorsPerPage, type TClientError } from '@shared/client-errors';
import { isReloading } from './chunk-reload';
import { request } from './api/request';

let sent = 0;

/**
 * Reports an error this page hit to our own server (POST /api/client-errors), which
 * forwards it to SENTRY_DSN scrubbed of personal data, or drops it without one. The path only, no
 * query; at most `clientErrorsPerPage` a page load; never while the page reloads for a new deploy
 * (a missing chunk then fails in unrelated ways).
 */
export function reportError(error: unknown, kind: TClientError['kind']): void {
  if (sent >= clientErrorsPerPage || isReloading()) return;
  sent += 1;
  const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Non-Error thrown');
  const report: TClientError = {
    kind,
    name: e.name.slice(0, clientErrorLimits.name),
    message: e.message.slice(0, clientErrorLimits.message),
    stack: (e.stack ?? '').slice(0, clientErrorLimits.stack),
    path: location.pathname.slice(0, clientErrorLimits.path),
  };
  // keepalive: the report still goes when the error is followed by leaving the page
  request('POST /api/client-errors', { body: report, keepalive: true }).catch(() => undefined);
}

/** Errors no code caught: a script's, and a promise's nobody handled. */
export function installErrorReports(): void {
  addEventListener('error', (event) => reportError(event.error ?? event.message, 'error'));
  addEventListener('unhandledrejection', (event) => reportError(event.reason, 'unhandledrejection'));
}
