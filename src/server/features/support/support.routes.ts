import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSupportTicket, ZTicketCreated, ZTicketListQuery, ZTicketPage } from '@shared/support';
import { requireAdmin } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { createTicket, listTickets } from './support.service';

const supportWindowMs = 15 * 60 * 1000;

/** SPEC calls 19 and 20 (public), and the administrators' list of what came in. */
export const supportRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function support(app) {
    const { auth, config, db, rateLimiter } = services;

    app.post(
      '/api/support-tickets',
      { schema: { body: ZSupportTicket, response: { 201: ZTicketCreated, ...errorResponses('validation_failed', 'forbidden', 'rate_limited') } } },
      async (request, reply) => {
        // a public form that emails the team: bounded per IP against spam and mail flooding
        await rateLimiter.hit(`support:ip:${request.ip}`, { limit: config.SUPPORT_RATE_LIMIT, windowMs: supportWindowMs });
        const ticket = await createTicket(services, request.body);
        return reply.status(201).send({ ticket });
      },
    );

    app.get(
      '/api/admin/support-tickets',
      // onRequest, not preHandler: a visitor gets 401 before the query string is even looked at
      { onRequest: requireAdmin(auth), schema: { querystring: ZTicketListQuery, response: { 200: ZTicketPage, ...errorResponses('validation_failed', 'unauthorized', 'forbidden') } } },
      async (request) => listTickets(db, request.query),
    );
  };
