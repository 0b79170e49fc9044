import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '@server/db/client';

const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/** Liveness with the database check the platform issue asks for: 200 when reachable, else 503. */
export const healthRoutes = (database: Database): FastifyPluginAsyncZod =>
  async function health(app) {
    app.get('/api/health', { schema: { response: { 200: healthResponse, 503: healthResponse } } }, async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    });
  };
