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

/** Drops Drizzle's `params:` list, quoted values in database messages, and email addresses. */
export function redactText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${redacted}`)
    .replace(/"(?:[^"\\\n]|\\.)*"/g, `"${redacted}"`)
    .replace(/\((?:[^()\n]|\([^()\n]*\))*\)=\((?:[^()\n]|\([^()\n]*\))*\)/g, `(…)=(${redacted})`)
    .replace(email, redacted);
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
