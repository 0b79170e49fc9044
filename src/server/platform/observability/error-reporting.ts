import { randomBytes } from 'node:crypto';
import type { TClientError } from '@shared/client-errors';
import { redactText } from '../http/log-redaction';

/**
 * Unexpected errors (the 500s) reported to a Sentry-compatible service when SENTRY_DSN is
 * set, in Sentry's envelope format (Sentry, GlitchTip and Bugsink accept it), without its SDK.
 * Scrubbed as the logs are: the message and stack through redactText (no quoted values, no query
 * parameters, no email address), the request as method, route template and path without query,
 * and its id; no header, cookie, body, user or address.
 */
export interface ErrorReporter {
  capture(error: unknown, request?: { method: string; route: string; path: string; id: string }): void;
  /** an error a browser reported (POST /api/client-errors): scrubbed the same way, its page's path without query */
  captureBrowser(report: TClientError, requestId: string): void;
  /** waits for the reports in flight (on shutdown) */
  flush(): Promise<void>;
}

interface Dsn {
  envelopeUrl: string;
  publicKey: string;
  dsn: string;
}

/** `https://<key>@<host>/<optional path>/<project>` → the project's envelope endpoint. */
export function parseDsn(dsn: string): Dsn {
  const url = new URL(dsn);
  const project = url.pathname.split('/').filter(Boolean).pop();
  if (!url.username || !project || !/^https?:$/.test(url.protocol)) throw new Error('SENTRY_DSN must look like https://<key>@<host>/<project>');
  const prefix = url.pathname.slice(0, url.pathname.lastIndexOf(`/${project}`));
  return { envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`, publicKey: url.username, dsn };
}

/**
 * Frames of a stack, innermost last (Sentry's order): V8's `at fn (file:line:col)` lines, and
 * Firefox's and Safari's `fn@file:line:col`; paths outside node_modules are "in app".
 */
function frames(stack: string): { filename: string; function: string; lineno?: number; colno?: number; in_app: boolean }[] {
  const parsed = [];
  for (const line of stack.split('\n')) {
    const match = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line) ?? /^(.*?)@(.+?):(\d+):(\d+)$/.exec(line.trim());
    if (!match) continue;
    const filename = match[2]!.replace(/^file:\/\//, '');
    parsed.push({
      filename,
      function: match[1] || '?',
      lineno: Number(match[3]),
      colno: Number(match[4]),
      in_app: !filename.includes('node_modules') && !filename.startsWith('node:'),
    });
  }
  return parsed.reverse();
}

/** At most this many reports a minute: a failure on every request must not become a flood. */
const perMinute = 30;

export function createErrorReporter(settings: {
  dsn: string | undefined;
  environment: string;
  release: string;
  onSendError?: (error: unknown) => void;
}): ErrorReporter | undefined {
  if (!settings.dsn) return undefined;
  const { envelopeUrl, publicKey, dsn } = parseDsn(settings.dsn);
  const inFlight = new Set<Promise<void>>();
  let windowStart = 0;
  let sentInWindow = 0;
  /** Sends one event in an envelope, within the rate; a failure is only logged. */
  const send = (event: Record<string, unknown>) => {
    const now = Date.now();
    if (now - windowStart > 60_000) [windowStart, sentInWindow] = [now, 0];
    if (++sentInWindow > perMinute) return;
    const eventId = randomBytes(16).toString('hex');
    const full = { event_id: eventId, timestamp: now / 1000, level: 'error', environment: settings.environment, release: settings.release, ...event };
    const body = [
      JSON.stringify({ event_id: eventId, sent_at: new Date(now).toISOString(), dsn }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify(full),
    ].join('\n');
    const sending = fetch(envelopeUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_client=frontera/${settings.release}, sentry_key=${publicKey}`,
      },
      body,
      signal: AbortSignal.timeout(5000),
    })
      .then((response) => void response.body?.cancel())
      .catch((sendError: unknown) => settings.onSendError?.(sendError))
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  };
  return {
    capture(error, request) {
      const chain: Error[] = [];
      for (let cause: unknown = error; cause instanceof Error && chain.length < 4; cause = cause.cause) chain.push(cause);
      send({
        platform: 'node',
        exception: {
          // outermost last, as Sentry reads a chain
          values: (chain.length ? chain : [new Error(String(error))])
            .reverse()
            .map((e) => ({ type: e.name, value: redactText(e.message), stacktrace: { frames: frames(redactText(e.stack ?? '')) } })),
        },
        ...(request
          ? {
              request: { method: request.method, url: request.path },
              transaction: `${request.method} ${request.route}`,
              tags: { route: request.route, request_id: request.id },
            }
          : {}),
      });
    },
    captureBrowser(report, requestId) {
      const page = report.path.split(/[?#]/)[0]!;
      send({
        platform: 'javascript',
        exception: { values: [{ type: report.name, value: redactText(report.message), stacktrace: { frames: frames(redactText(report.stack)) } }] },
        request: { url: page },
        transaction: page,
        tags: { source: report.kind, request_id: requestId },
      });
    },
    async flush() {
      await Promise.all(inFlight);
    },
  };
}
