import type { FastifyRequest } from 'fastify';

/**
 * What the JSON logs may say about a request or an error. Query strings carry reset tokens, names,
 * emails and addresses; database errors carry the query's parameters and the offending values.
 * Keys stay (they help debugging), values go.
 */
const redacted = '[redacted]';
const email = /[^\s"'<>()[\]:;,]+@[^\s"'<>()[\]:;,]+\.[a-z]{2,}/gi;

/** `/reset-password?token=abc&x=1` → `/reset-password?token=[redacted]&x=[redacted]` */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${redacted}` : pair && redacted))
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** A credential written into text: `token=…` (or code, key, secret, password), a bearer token, or a long run of base64url (a token, a key, a session id). */
const credential = /\b(token|code|key|secret|password|session_id)=[^\s&"'<>]+/gi;
const bearer = /\bBearer\s+[^\s"'<>]+/gi;
const longToken = /[A-Za-z0-9_-]{32,}={0,2}/g;

/** Drops Drizzle's `params:` list, quoted values in database messages, email addresses and credentials. */
export function redactText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${redacted}`)
    .replace(/"(?:[^"\\\n]|\\.)*"/g, `"${redacted}"`)
    .replace(/\((?:[^()\n]|\([^()\n]*\))*\)=\((?:[^()\n]|\([^()\n]*\))*\)/g, `(…)=(${redacted})`)
    .replace(email, redacted)
    .replace(credential, `$1=${redacted}`)
    .replace(bearer, `Bearer ${redacted}`)
    .replace(longToken, redacted);
}

/** A list's filters as a log may hold them: which were set, but not a search's words (a customer's name or email). */
export function loggableFilters<T extends Record<string, unknown>>(filters: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, key === 'q' && value ? redacted : value]));
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: redactText(error.message),
    // the stack's first lines repeat the message
    stack: redactText(error.stack ?? ''),
    ...(code !== undefined ? { code } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

export const logSerializers = {
  // Fastify hands its own request object here (typed as the raw one)
  req: (request: Partial<Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'>>) => ({
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
  }),
  err: serializeError,
};
