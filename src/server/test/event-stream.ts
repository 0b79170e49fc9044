import http from 'node:http';

/** One Server-Sent Event as the browser's EventSource would see it (`comment` for a `:` line). */
export interface ReceivedEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** every event and comment so far, in order */
  received: ReceivedEvent[];
  /** the events (not comments) so far */
  events(): ReceivedEvent[];
  /** resolves with the first event (or comment) from `from` on that matches, or rejects after `timeoutMs` */
  next(match: (event: ReceivedEvent) => boolean, what: string, timeoutMs?: number, from?: number): Promise<ReceivedEvent>;
  /** resolves when the server ends the stream (rejects after `timeoutMs`) */
  ended(timeoutMs?: number): Promise<void>;
  /** the JSON body of an answer that is not a stream (an error) */
  json(): Promise<unknown>;
  close(): void;
}

/**
 * GET /api/events over real HTTP, read as it arrives (app.inject would wait for the end): the
 * test's EventSource. `lastEventId` goes in the header, or in the query with `resumeBy: 'query'`.
 */
export async function openEventStream(
  baseUrl: string,
  cookie: string | undefined,
  { lastEventId, resumeBy = 'header' }: { lastEventId?: string; resumeBy?: 'header' | 'query' } = {},
): Promise<OpenedStream> {
  const query = lastEventId !== undefined && resumeBy === 'query' ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
  // node:http on a connection of its own (no keep-alive pool): closing the stream closes exactly it
  const request = http.get(`${baseUrl}/api/events${query}`, {
    agent: false,
    headers: {
      accept: 'text/event-stream',
      ...(cookie ? { cookie } : {}),
      ...(lastEventId !== undefined && resumeBy === 'header' ? { 'last-event-id': lastEventId } : {}),
    },
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  request.on('error', () => undefined);
  const status = response.statusCode ?? 0;
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let done = false;
  let failure: unknown;
  const isStream = status === 200 && headers.get('content-type')?.startsWith('text/event-stream');
  const text = isStream
    ? undefined
    : (async () => {
        let body = '';
        for await (const chunk of response) body += String(chunk);
        return body;
      })();
  if (isStream) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: ReceivedEvent = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) event.comment = line.slice(1).trim();
              else {
                const colon = line.indexOf(':');
                const field = line.slice(0, colon);
                const value = line.slice(colon + 1).replace(/^ /, '');
                if (field === 'id' || field === 'event' || field === 'data') event[field] = value;
              }
            }
            received.push(event);
          }
          notify();
        }
      } catch (error) {
        failure = error;
      }
      done = true;
      notify();
    })();
  }

  const waitFor = <T>(probe: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value !== undefined) {
          cleanup();
          resolve(value);
        } else if (done) {
          cleanup();
          reject(new Error(`stream ended before ${what}${failure ? ` (${String(failure)})` : ''}; received ${JSON.stringify(received)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`not in ${timeoutMs} ms: ${what}; received ${JSON.stringify(received)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    status,
    headers,
    received,
    events: () => received.filter((event) => event.comment === undefined),
    next: (match, what, timeoutMs = 10_000, from = 0) => waitFor(() => received.slice(from).find(match), what, timeoutMs),
    ended: (timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (done) return resolve();
        const timer = setTimeout(() => reject(new Error(`the stream did not end in ${timeoutMs} ms; received ${JSON.stringify(received)}`)), timeoutMs);
        const check = () => {
          if (!done) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      }),
    json: async () => JSON.parse((await text) ?? 'null') as unknown,
    close: () => request.destroy(),
  };
}

/** The `data` of an event as the client reads it. */
export const eventData = (event: ReceivedEvent) => JSON.parse(event.data ?? 'null') as { kind: string; orderId: string | null };
