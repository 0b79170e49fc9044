import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@shared/app-error';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { LiveEventsHub, type StreamSink } from '../../platform/events/live-hub';
import { errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { ZResumeQuery } from '@shared/live-events';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a long-lived answer (the live stream): the request log says how long it stayed open, not a response time */
    eventStream?: boolean;
  }
}

/** What the client may resume from: an event id it received (the `id:` of an event). Anything else starts afresh. */
const resumeId = (value: unknown): number | undefined => {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return undefined;
  return Number(text.trim());
};

/**
 * A reader that lags this far behind (a stalled connection: the events are tiny, so this is
 * hundreds of them) is ended; its EventSource reconnects and resumes from its last id.
 */
const maxBufferedBytes = 64 * 1024;

/** The stream's answer: never cached, never buffered by a proxy (nginx reads X-Accel-Buffering), never compressed. */
function sendEventStream(reply: FastifyReply, body: Readable) {
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

const ZEventStream = z.string().meta({
  description:
    'Server-Sent Events. Each event: `id: <event id>`, `event: <kind>` (message, request, milestone, status, document, order), `data: {"kind":…,"orderId":…}`; a comment line every LIVE_HEARTBEAT_SECONDS; without a resume point, first `event: ready` whose `id:` is the reader\'s newest event. The stream ends when the session ends, is signed out, or the reader\'s administrator access changes.',
});

/**
 * GET /api/events (ADR 0029): the signed-in user's live stream. What changed and on
 * which order, never the change: the page refetches through the usual endpoints and checks.
 */
export const eventRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function eventsFeature(app) {
    const { auth, config, database } = services;
    const hub = new LiveEventsHub(database, app.log, config.LIVE_HEARTBEAT_SECONDS);
    // before the server stops accepting and waits for open requests: every stream ends at once
    app.addHook('preClose', async () => hub.close());

    app.get(
      '/api/events',
      {
        preHandler: requireUser(auth),
        config: { eventStream: true },
        schema: {
          querystring: ZResumeQuery,
          headers: z.looseObject({ 'last-event-id': z.string().optional() }),
          response: {
            200: {
              description:
                'the live stream (resume with the `Last-Event-ID` header or `?lastEventId=`: the events after it, oldest first, at most 500, then live ones)',
              content: { 'text/event-stream': { schema: ZEventStream } },
            },
            ...errorResponses('unauthorized', 'unavailable', 'rate_limited'),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const token = await auth.sessionTokenOf(request.cookies);
        if (!token) throw new AppError('unauthorized');
        const body = new PassThrough();
        const sink: StreamSink = {
          write: (chunk) => {
            body.write(chunk);
            return body.writableLength <= maxBufferedBytes;
          },
          end: () => body.end(),
        };
        const lastEventId = resumeId(request.headers['last-event-id']) ?? resumeId(request.query.lastEventId);
        const stream = await hub.open({ userId: user.id, token }, sink, lastEventId);
        // the reader went away (or the stream ended): the hub forgets it
        reply.raw.on('close', () => hub.drop(stream));
        if (reply.raw.destroyed) hub.drop(stream);
        return sendEventStream(reply, body);
      },
    );
  };
