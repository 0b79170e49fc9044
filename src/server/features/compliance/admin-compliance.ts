import { eq, lte, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_HORIZON_DAYS, ZAdminCompliance, type TAdminCompliance } from '@shared/compliance/api';
import { orderNumber } from '@shared/order-model';
import type { Db } from '../../db/client';
import { complianceSchedule } from '../../db/schema';
import { requireAdmin } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { utcToday } from './compliance.service';
import { addDays, forEachScheduled } from './compliance-schedule';

/**
 * Every formed company's overdue deadlines and those due within the horizon, soonest first (issue
 * 19, administrators). Reads only the companies whose earliest open deadline falls before the
 * horizon, or whose schedule a change has made stale (ADR 0037).
 */
export async function adminCompliance(db: Db, today = utcToday()): Promise<TAdminCompliance> {
  const horizon = addDays(today, ADMIN_HORIZON_DAYS);
  const items: TAdminCompliance['items'] = [];
  await forEachScheduled(db, or(eq(complianceSchedule.stale, true), lte(complianceSchedule.nextDue, horizon)), today, async (batch) => {
    for (const { order, customer, calendar } of batch) {
      for (const deadline of calendar) {
        const open = deadline.status === 'overdue' || ((deadline.status === 'due-soon' || deadline.status === 'upcoming') && deadline.dueDate! <= horizon);
        // a paid order outlives its account (issue 33): detached, its deadlines still show, with the order's contact email
        if (open) items.push({ orderId: order.id, orderNumber: orderNumber(order.id), companyName: order.companyName1, email: customer.contactEmail, deadline });
      }
    }
  });
  items.sort((a, b) => a.deadline.dueDate!.localeCompare(b.deadline.dueDate!) || a.companyName.localeCompare(b.companyName));
  return { today, items };
}

export const adminComplianceRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function adminCompliancePlugin(app) {
    app.addHook('onRequest', requireAdmin(services.auth));
    app.get('/api/admin/compliance', { schema: { response: { 200: ZAdminCompliance, ...errorResponses('unauthorized', 'forbidden') } } }, async () => adminCompliance(services.db));
  };
