import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZSupportTicket,
  ZSupportTicketView,
  ZTicketCreated,
  ZTicketListQuery,
  ZTicketMessage,
  ZTicketMessageInput,
  ZTicketPage,
  ZTicketStatusChange,
  ZTicketThread,
} from '@shared/support';
import { currentUser, requireAdmin } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { addTicketNote, createTicket, getTicketThread, listTickets, replyToTicket, setTicketStatus } from './support.service';

const ZTicketParams = z.object({ id: z.uuid('support.admin.thread.notFound') });

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

    // issue 21: a ticket's page, its thread and workflow (administrators only; 401 before anything else is read)
    const admin = { onRequest: requireAdmin(auth) };
    const ticketErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found');

    app.get('/api/admin/support-tickets/:id', { ...admin, schema: { params: ZTicketParams, response: { 200: ZTicketThread, ...ticketErrors } } }, async (request) =>
      getTicketThread(db, request.params.id),
    );

    app.post(
      '/api/admin/support-tickets/:id/replies',
      { ...admin, schema: { params: ZTicketParams, body: ZTicketMessageInput, response: { 201: ZTicketMessage, ...ticketErrors } } },
      async (request, reply) => {
        const message = await replyToTicket(services, request.params.id, request.body.body, currentUser(request));
        request.log.info({ ticketId: request.params.id, by: currentUser(request).id }, 'ticket answered by an administrator');
        return reply.status(201).send(message);
      },
    );

    app.post(
      '/api/admin/support-tickets/:id/notes',
      { ...admin, schema: { params: ZTicketParams, body: ZTicketMessageInput, response: { 201: ZTicketMessage, ...ticketErrors } } },
      async (request, reply) => reply.status(201).send(await addTicketNote(db, request.params.id, request.body.body, currentUser(request))),
    );

    app.patch(
      '/api/admin/support-tickets/:id/status',
      { ...admin, schema: { params: ZTicketParams, body: ZTicketStatusChange, response: { 200: ZSupportTicketView, ...ticketErrors } } },
      async (request) => setTicketStatus(db, request.params.id, request.body.status),
    );
  };
