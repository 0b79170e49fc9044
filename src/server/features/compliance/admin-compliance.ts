import { and, asc, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_COMPLIANCE_PAGE, ADMIN_HORIZON_DAYS, ZAdminCompliance, ZAdminComplianceQuery, type TAdminCompliance } from '@shared/compliance/api';
import { orderNumber } from '@shared/order-model';
import type { Db } from '../../db/client';
import { complianceSchedule } from '../../db/schema';
import { requireAdmin } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { utcToday } from './compliance.service';
import { addDays } from '../../domain/orders/identity-documents';
import { isOpen, readScheduled, refreshSchedules } from './compliance-schedule';

/**
 * A page of formed companies' overdue deadlines and those due within the horizon (
 * administrators): the companies whose earliest open deadline falls before the horizon, the
 * earliest first (ADR 0037), each with all its listed deadlines, soonest first within the page.
 * Schedules a change made stale are computed first, so every company is where its deadlines put it.
 */
export async function adminCompliance(
  db: Db,
  { today = utcToday(), cursor, pageSize = ADMIN_COMPLIANCE_PAGE }: { today?: string; cursor?: string; pageSize?: number } = {},
): Promise<TAdminCompliance> {
  const horizon = addDays(today, ADMIN_HORIZON_DAYS);
  await refreshSchedules(db, today);
  const [afterDue, afterId] = cursor?.split('~') ?? [];
  const keyset = afterDue && afterId ? sql`(${complianceSchedule.nextDue}, ${complianceSchedule.orderId}) > (${afterDue}::date, ${afterId}::uuid)` : undefined;
  const companies = await readScheduled(
    db,
    {
      where: and(lte(complianceSchedule.nextDue, horizon), keyset),
      orderBy: [asc(complianceSchedule.nextDue), asc(complianceSchedule.orderId)],
      limit: pageSize + 1,
    },
    today,
  );
  const page = companies.slice(0, pageSize);
  const items: TAdminCompliance['items'] = [];
  for (const { order, customer, calendar } of page) {
    // overdue ones included: their date is before today, so before the horizon
    for (const deadline of calendar.filter((d) => isOpen(d) && d.dueDate <= horizon)) {
      // a paid order outlives its account: detached, its deadlines still show, with the order's contact email
      items.push({ orderId: order.id, orderNumber: orderNumber(order.id), companyName: order.companyName1, email: customer.contactEmail, deadline });
    }
  }
  items.sort((a, b) => a.deadline.dueDate!.localeCompare(b.deadline.dueDate!) || a.companyName.localeCompare(b.companyName));
  const last = page.at(-1);
  const nextCursor = companies.length > pageSize && last ? `${last.nextDue}~${last.order.id}` : null;
  return { today, items, nextCursor };
}

export const adminComplianceRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function adminCompliancePlugin(app) {
    app.addHook('onRequest', requireAdmin(services.auth));
    app.get(
      '/api/admin/compliance',
      { schema: { querystring: ZAdminComplianceQuery, response: { 200: ZAdminCompliance, ...errorResponses('unauthorized', 'forbidden') } } },
      async (request) => adminCompliance(services.db, { cursor: request.query.cursor }),
    );
  };
