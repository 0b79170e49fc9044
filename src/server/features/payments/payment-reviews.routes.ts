import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaymentReviewList, ZPaymentReviewResolved } from '@shared/admin';
import { currentUser, requireAdmin } from '@server/platform/auth/guards';
import { errorResponses } from '@server/platform/http/openapi';
import type { Services } from '@server/services';
import { listOpenPaymentReviews, resolvePaymentReview } from './payment-reviews.service';

const ZReviewParams = z.object({ id: z.uuid('admin.reviewNotFound') });

/** The payments to review, shown above the team's order list. Administrators only: visitors 401, customers 403. */
export const paymentReviewRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function paymentReviews(app) {
    const { db } = services;
    app.addHook('onRequest', requireAdmin(services.auth));
    const orderErrors = errorResponses('validation_failed', 'unauthorized', 'forbidden', 'not_found');

    // payment events that did not match their order (docs/decisions/0010), shown above the order list
    app.get('/api/admin/payment-reviews', { schema: { response: { 200: ZPaymentReviewList, ...errorResponses('unauthorized', 'forbidden') } } }, async () =>
      listOpenPaymentReviews(db),
    );

    app.post(
      '/api/admin/payment-reviews/:id/resolve',
      { schema: { params: ZReviewParams, response: { 200: ZPaymentReviewResolved, ...orderErrors } } },
      async (request) => {
        const admin = currentUser(request);
        const result = await resolvePaymentReview(db, request.params.id, admin);
        request.log.info({ reviewId: request.params.id, by: admin.id, changed: result.changed }, 'payment review resolved by an administrator');
        return result;
      },
    );
  };
