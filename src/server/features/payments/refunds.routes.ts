import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ZRefundAnswer, ZRefundDecision, ZRefundRequestInput, ZReopenOrder, ZCreditNoteQuery, ZOrderReopened } from '@shared/refunds';
import { currentUser, requireAdmin, requireUser } from '../../platform/auth/guards';
import { sendAttachment } from '../../platform/http/attachment';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { buildCreditNote } from './credit-note';
import { businessOf } from './receipt';
import { decideRefund, reopenOrder, type RefundContext, requestRefund, retryRefund, withdrawRefund } from './refunds.service';

const ZOrderParams = z.object({ id: z.uuid('errors.not_found') });
const ZRefundParams = ZOrderParams.extend({ requestId: z.uuid('refunds.notFound') });
const adminErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'second_factor_required', 'not_found', 'conflict');

/** The money-back guarantee: customers ask (and withdraw), administrators decide; ADR 0033. */
/** `refunds` is the refunds' context built once at start (app.ts), shared with the payment webhook. */
export const refundRoutes = (services: Services, refunds: RefundContext): FastifyPluginAsyncZod =>
  async function refundRequests(app) {
    const { db, config } = services;
    // the seller on the credit note, read once
    const business = businessOf(config);
    const signedIn = requireUser(services.auth);
    const adminOnly = requireAdmin(services.auth);

    app.post(
      '/api/orders/:id/refund-requests',
      {
        // signed in is checked before the body, as for the checkout
        preValidation: signedIn,
        schema: {
          params: ZOrderParams,
          body: ZRefundRequestInput,
          description:
            'The owner of a paid order asks for a refund: a reason from the list and their own words. One open request per order (409); an administrator cannot ask (403).',
          response: { 201: ZRefundAnswer, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict') },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ refund: await requestRefund(refunds, { orderId: request.params.id, viewer: currentUser(request), input: request.body }) }),
    );

    app.post(
      '/api/orders/:id/refund-requests/:requestId/withdraw',
      {
        preHandler: signedIn,
        schema: {
          params: ZRefundParams,
          description: 'The customer takes back a request not decided yet (409 once decided).',
          response: { 200: ZRefundAnswer, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict') },
        },
      },
      async (request) => ({ refund: await withdrawRefund(db, request.params.id, request.params.requestId, currentUser(request)) }),
    );

    app.get(
      '/api/orders/:id/refund-requests/:requestId/credit-note',
      {
        preHandler: signedIn,
        schema: {
          params: ZRefundParams,
          querystring: ZCreditNoteQuery,
          response: {
            200: fileResponse('the PDF credit note of a completed refund', ['application/pdf']),
            ...errorResponses('validation_failed', 'unauthorized', 'not_found'),
          },
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await buildCreditNote(
          db,
          { orderId: request.params.id, refundId: request.params.requestId, viewer: currentUser(request) },
          business,
          request.query.lang,
        );
        return sendAttachment(reply, pdf, 'application/pdf', fileName);
      },
    );

    app.post(
      '/api/admin/orders/:id/refund-requests/:requestId/decision',
      {
        // an administrator (with a second factor) is checked before anything is read
        onRequest: adminOnly,
        schema: {
          params: ZRefundParams,
          body: ZRefundDecision,
          description:
            'An administrator approves (an amount within what is left to refund; other than the rules’ suggestion only with a note) or declines (with the reason the customer reads). Approval asks the payment provider at once; its refund event completes it. 409 once decided or withdrawn.',
          response: { 200: ZRefundAnswer, ...adminErrors },
        },
      },
      async (request) => ({
        refund: await decideRefund(refunds, {
          ...request.params,
          orderId: request.params.id,
          admin: currentUser(request),
          decision: request.body,
          log: request.log,
        }),
      }),
    );

    app.post(
      '/api/admin/orders/:id/refund-requests/:requestId/retry',
      {
        onRequest: adminOnly,
        schema: {
          params: ZRefundParams,
          description: 'A refund the provider refused, asked for again (409 unless it failed).',
          response: { 200: ZRefundAnswer, ...adminErrors },
        },
      },
      async (request) => ({
        refund: await retryRefund(refunds, { ...request.params, orderId: request.params.id, admin: currentUser(request), log: request.log }),
      }),
    );

    app.post(
      '/api/admin/orders/:id/reopen',
      {
        onRequest: adminOnly,
        schema: {
          params: ZOrderParams,
          body: ZReopenOrder,
          description:
            'An order a refund closed goes back to work (its promise restarts); audited `order_reopened` with the reason. 409 `refunds.notClosed` for an order no refund closed.',
          response: { 200: ZOrderReopened, ...adminErrors },
        },
      },
      async (request) => reopenOrder(db, request.params.id, currentUser(request), request.body.reason),
    );
  };
