import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@shared/app-error';

import { standardFormationSlug } from '@shared/money';
import { ZCheckoutConsent, ZCheckoutSession, ZPaymentResult, ZServiceAnswer, ZWebhookReceipt, ZReceiptQuery, ZPaymentResultQuery } from '@shared/payments';
import { eq } from 'drizzle-orm';
import { services as servicesTable } from '../../db/schema';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { sendAttachment } from '../../platform/http/attachment';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { InvalidEventError, InvalidSignatureError } from '../../platform/payments/payment-provider';
import type { Services } from '../../services';
import { getOrderDetail } from '../../domain/orders/order-access';
import { buildOrderReceipt, businessOf } from './receipt';
import { applyPaymentEvent, findOrderByPayment, startCheckout } from './payments.service';
import { applyRefundEvent, type RefundContext } from './refunds.service';

export const webhookPath = '/api/payments/webhook';

/** `refunds` is the refunds' context built once at start (app.ts): the webhook completes refunds with it. */
export const paymentRoutes = (services: Services, refunds: RefundContext): FastifyPluginAsyncZod =>
  async function payments(app) {
    const { db, config, mail } = services;
    const { provider } = refunds;
    // what a payment event's emails need, read once
    const checkoutSettings = { provider, appUrl: config.APP_URL };
    const eventSettings = { appUrl: config.APP_URL, supportEmail: config.SUPPORT_EMAIL };
    const signedIn = requireUser(services.auth);
    // the seller on the receipt, read once
    const business = businessOf(config);

    // docs/product.md, "API endpoints": the price, public
    app.get('/api/services/standard-formation', { schema: { response: { 200: ZServiceAnswer, ...errorResponses('not_found') } } }, async () => {
      const [service] = await db
        .select({ slug: servicesTable.slug, name: servicesTable.name, priceCents: servicesTable.priceCents })
        .from(servicesTable)
        .where(eq(servicesTable.slug, standardFormationSlug));
      if (!service) throw new AppError('not_found');
      return { service };
    });

    // the body is the customer's consent only: nothing the browser sends sets the price
    const checkout = {
      params: z.object({ id: z.uuid('errors.not_found') }),
      // no body at all is answered like an empty one: each missing consent named under its field
      body: z.preprocess((body) => body ?? {}, ZCheckoutConsent),
      // 400: terms not accepted or age not confirmed; 409: already paid; 503: the price is not configured
      response: { 200: ZCheckoutSession, ...errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'unavailable') },
    };
    // signed in is checked before the body: a stranger learns 401, not which consents are missing
    app.post('/api/orders/:id/checkout', { preValidation: signedIn, schema: checkout }, async (request) =>
      startCheckout(db, checkoutSettings, { orderId: request.params.id, user: currentUser(request) }),
    );

    const receipt = {
      params: z.object({ id: z.uuid('errors.not_found') }),
      querystring: ZReceiptQuery,
      response: {
        200: fileResponse('the PDF receipt of a paid order', ['application/pdf']),
        ...errorResponses('validation_failed', 'unauthorized', 'not_found', 'conflict'),
      },
    };
    // checked after the id, as for the other reads of an order: a malformed id is a 400 for anyone
    app.get('/api/orders/:id/receipt', { preHandler: signedIn, schema: receipt }, async (request, reply) => {
      const { pdf, fileName } = await buildOrderReceipt(db, { orderId: request.params.id, viewer: currentUser(request) }, business, request.query.lang);
      return sendAttachment(reply, pdf, 'application/pdf', fileName);
    });

    const result = {
      querystring: ZPaymentResultQuery,
      response: { 200: ZPaymentResult, ...errorResponses('validation_failed', 'unauthorized', 'not_found') },
    };
    app.get('/api/payments/result', { preHandler: signedIn, schema: result }, async (request) => {
      const user = currentUser(request);
      const { id } = await findOrderByPayment(db, request.query.session_id, user.id);
      return { order: await getOrderDetail(db, id, user, config) };
    });

    // the webhook verifies signatures over the exact bytes received
    await app.register(async function webhook(scope) {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
      const webhook = {
        description:
          "The payment provider's signed event, read as raw bytes (the signature covers them exactly). 400 for a bad signature, a body that is not a readable event, or an event whose session is not its order's (recorded and put on review).",
        response: { 200: ZWebhookReceipt, ...errorResponses('bad_request', 'payload_too_large') },
      };
      scope.post(webhookPath, { schema: webhook }, async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('bad_request');
        let event;
        try {
          event = await provider.verifyEvent(request.body, request.headers);
        } catch (error) {
          if (error instanceof InvalidSignatureError) {
            request.log.warn({ reason: error.message }, 'payment webhook refused: bad signature');
            throw new AppError('bad_request', 'payment.badSignature');
          }
          if (error instanceof InvalidEventError) {
            request.log.warn({ reason: error.message }, 'payment webhook refused: not a readable event');
            throw new AppError('bad_request', 'payment.badEvent');
          }
          throw error;
        }
        // a refund's event completes (or fails) the refund request it names
        const outcome = !event
          ? 'ignored'
          : event.kind === 'refund'
            ? await applyRefundEvent(refunds, event, request.log)
            : await applyPaymentEvent(db, { mail, settings: eventSettings, log: request.log }, provider.name, event);
        // recorded and on the review list, but refused: the session belongs to no checkout of this order
        if (outcome === 'wrong_session') throw new AppError('bad_request', 'payment.sessionMismatch');
        request.log.info({ eventId: event?.id, outcome }, 'payment webhook');
        return reply.status(200).send({ received: true as const, outcome });
      });
    });
  };
