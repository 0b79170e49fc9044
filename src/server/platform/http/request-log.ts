import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, once it is answered: the method and URL, the status and the time
 * taken (the `req` and `res` serializers of log-redaction.ts say what of them is written).
 * Fastify's default writes a line on arrival and another on completion: the two were a fifth of a
 * cached signed-in read's work. Its other lines (errors, stream failures) are kept.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // a live stream (GET /api/events) is open for minutes or hours: how long is no response time
    if (!error && reply.statusCode === 200 && request.routeOptions.config.eventStream)
      reply.log.info({ req: request, res: reply, openSeconds: Math.round(reply.elapsedTime / 1000) }, 'event stream ended');
    else if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
