import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealth, ZReadiness } from '@shared/health';

/** A check that hangs (a dropped packet, a stuck service) counts as down, so the probe answers in time. */
const checkTimeoutMs = 3000;

async function withinTimeout(check: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${checkTimeoutMs} ms`)), checkTimeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health is liveness: the process answers, whatever its dependencies do, so a saturated
 * or unreachable database never gets healthy instances restarted. GET /api/ready
 * is readiness for a load balancer: every dependency an instance needs to serve (database, file
 * storage, Redis when configured), 503 naming the ones down; an overloaded instance is not ready either.
 */
export const healthRoutes = (readinessChecks: Record<string, () => Promise<unknown>>): FastifyPluginAsyncZod =>
  async function health(app) {
    // answered while overload sheds other requests (platform/http/overload.ts): busy is not dead
    app.get('/api/health', { schema: { response: { 200: ZHealth } }, config: { underPressure: 'answer' } }, () => ({ status: 'ok' as const }));

    app.get('/api/ready', { schema: { response: { 200: ZReadiness, 503: ZReadiness } } }, async (request, reply) => {
      const entries = await Promise.all(
        Object.entries(readinessChecks).map(async ([name, check]) => {
          try {
            await withinTimeout(check);
            return [name, 'up'] as const;
          } catch (error) {
            request.log.warn({ err: error, check: name }, 'readiness check failed');
            return [name, 'down'] as const;
          }
        }),
      );
      const checks = Object.fromEntries(entries);
      const ready = entries.every(([, state]) => state === 'up');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    });
  };
