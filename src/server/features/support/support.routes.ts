import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZSupportTicket,
  ZSupportTicketView,
  ZTicketCreated,
  ZTicketExportQuery,
  ZTicketListQuery,
  ZTicketMessage,
  ZTicketMessageInput,
  ZTicketPage,
  ZTicketStatusChange,
  ZTicketThread,
} from '@shared/support';
import { ZAssign } from '@shared/assignment';
import { currentUser, readSession, requireAdmin } from '../../platform/auth/guards';
import { sendAttachment } from '../../platform/http/attachment';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { promiseHoursOf } from '../../config';
import type { Services } from '../../services';
import { ownerId } from '../../domain/assignment';
import { addTicketNote, assignTicket, createTicket, getTicketThread, listTickets, replyToTicket, setTicketStatus, ticketsCsv } from './support.service';

const ZTicketParams = z.object({ id: z.uuid('support.admin.thread.notFound') });

const supportWindowMs = 15 * 60 * 1000;

/** docs/product.md, "API endpoints" (public), and the administrators' list of what came in. */
export const supportRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function support(app) {
    const { auth, config, db, rateLimiter } = services;

    app.post(
      '/api/support-tickets',
      { schema: { body: ZSupportTicket, response: { 201: ZTicketCreated, ...errorResponses('validation_failed', 'forbidden', 'rate_limited') } } },
      async (request, reply) => {
        // a public form that emails the team: bounded per IP against spam and mail flooding
        await rateLimiter.hit(`support:ip:${request.ip}`, { limit: config.SUPPORT_RATE_LIMIT, windowMs: supportWindowMs });
        // the form is public; a signed-in customer may name one of her orders (checked in createTicket)
        const viewer = request.body.order_id ? await readSession(auth, request, reply) : null;
        const ticket = await createTicket(services, request.body, viewer);
        return reply.status(201).send({ ticket });
      },
    );

    app.get(
      '/api/admin/support-tickets',
      // onRequest, not preHandler: a visitor gets 401 before the query string is even looked at
      {
        onRequest: requireAdmin(auth),
        schema: { querystring: ZTicketListQuery, response: { 200: ZTicketPage, ...errorResponses('validation_failed', 'unauthorized', 'forbidden') } },
      },
      async (request) =>
        listTickets(db, { ...request.query, owner: ownerId(request.query.owner, currentUser(request)) }, { now: new Date(), hours: promiseHoursOf(config) }),
    );

    // the filtered list as CSV (before /:id)
    app.get(
      '/api/admin/support-tickets/export.csv',
      {
        onRequest: requireAdmin(auth),
        schema: {
          querystring: ZTicketExportQuery,
          response: {
            200: fileResponse('every ticket matching the filters, as CSV (UTF-8 with a byte order mark)', ['text/csv']),
            ...errorResponses('validation_failed', 'unauthorized', 'forbidden'),
          },
        },
      },
      async (request, reply) => {
        const { lang, ...query } = request.query;
        const filters = { ...query, owner: ownerId(query.owner, currentUser(request)) };
        request.log.info({ filters: { ...filters, q: filters.q ? '[search]' : undefined }, by: currentUser(request).id }, 'tickets exported as CSV');
        return sendAttachment(
          reply,
          ticketsCsv(db, filters, lang, { now: new Date(), hours: promiseHoursOf(config) }),
          'text/csv; charset=utf-8',
          `tickets-${new Date().toISOString().slice(0, 10)}.csv`,
        );
      },
    );

    // a ticket's page, its thread and workflow (administrators only; 401 before anything else is read)
    const admin = { onRequest: requireAdmin(auth) };
    const ticketErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found');

    app.get(
      '/api/admin/support-tickets/:id',
      { ...admin, schema: { params: ZTicketParams, response: { 200: ZTicketThread, ...ticketErrors } } },
      async (request) => getTicketThread(db, request.params.id),
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

    app.post(
      '/api/admin/support-tickets/:id/assignee',
      {
        ...admin,
        schema: {
          params: ZTicketParams,
          body: ZAssign,
          description: 'The ticket’s owner (an administrator’s id), or null to unassign; audited; the new owner is emailed when someone else assigned it.',
          response: { 200: ZSupportTicketView, ...ticketErrors },
        },
      },
      async (request) =>
        assignTicket(
          db,
          { mail: services.mail, appUrl: services.config.APP_URL },
          { ticketId: request.params.id, assigneeId: request.body.assigneeId, admin: currentUser(request) },
        ),
    );

    app.patch(
      '/api/admin/support-tickets/:id/status',
      { ...admin, schema: { params: ZTicketParams, body: ZTicketStatusChange, response: { 200: ZSupportTicketView, ...ticketErrors } } },
      async (request) => setTicketStatus(db, request.params.id, request.body.status),
    );
  };
