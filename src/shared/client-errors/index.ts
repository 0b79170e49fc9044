/**
 * An error a browser reports (POST /api/client-errors), forwarded to SENTRY_DSN by the
 * server. No zod here: the reporter is in every page's first script; the schema is in './api'.
 */
export const clientErrorKinds = ['error', 'unhandledrejection', 'render'] as const;
export const clientErrorLimits = { name: 100, message: 1000, stack: 8000, path: 500 } as const;
/** Reports a page load sends at most: a loop of errors is one problem, not a flood. */
export const clientErrorsPerPage = 5;

export interface TClientError {
  kind: (typeof clientErrorKinds)[number];
  name: string;
  message: string;
  stack: string;
  /** the page's path, without query or fragment */
  path: string;
}
