import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_HORIZON_DAYS, ZAdminCompliance, type TAdminCompliance } from '@shared/compliance/api';
import { orderNumber } from '@shared/order-model';
import type { Db } from '../../db/client';
import { orders, users } from '../../db/schema';
import { requireAdmin } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/openapi';
import type { Services } from '../../services';
import { calendarOfOrder, utcToday } from './compliance.service';

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every formed company's overdue deadlines and those due within the horizon, soonest first (issue 19, administrators). */
export async function adminCompliance(db: Db, today = utcToday()): Promise<TAdminCompliance> {
  const horizon = addDays(today, ADMIN_HORIZON_DAYS);
  const formed = await db
    // a paid order outlives its account (issue 33): detached, its deadlines still show, with the order's contact email
    .select({ order: orders, email: sql<string>`coalesce(${users.email}, ${orders.email})` })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(isNotNull(orders.formationDate))
    .orderBy(asc(orders.id));
  const items: TAdminCompliance['items'] = [];
  for (const { order, email } of formed) {
    for (const deadline of (await calendarOfOrder(db, order, today)).deadlines) {
      const open = deadline.status === 'overdue' || ((deadline.status === 'due-soon' || deadline.status === 'upcoming') && deadline.dueDate! <= horizon);
      if (open) items.push({ orderId: order.id, orderNumber: orderNumber(order.id), companyName: order.companyName1, email, deadline });
    }
  }
  items.sort((a, b) => a.deadline.dueDate!.localeCompare(b.deadline.dueDate!) || a.companyName.localeCompare(b.companyName));
  return { today, items };
}

export const adminComplianceRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function adminCompliancePlugin(app) {
    app.addHook('onRequest', requireAdmin(services.auth));
    app.get('/api/admin/compliance', { schema: { response: { 200: ZAdminCompliance, ...errorResponses('unauthorized', 'forbidden') } } }, async () => adminCompliance(services.db));
  };
