import { z } from 'zod';

/*
 * Owners: an order or a ticket may be assigned to one administrator. The lists filter
 * by owner: `mine`, `unassigned`, or an administrator's id.
 */

export const ZAssignee = z.object({ id: z.string(), name: z.string() });
/** POST /api/admin/orders/:id/assignee */
export const ZAssigneeChanged = z.object({ assignee: ZAssignee.nullable(), changed: z.boolean() });
export type TAssignee = z.output<typeof ZAssignee>;

/** POST …/assignee: an administrator's id, or null to unassign. */
export const ZAssign = z.object({ assigneeId: z.string().min(1, 'admin.assign.notAdmin').max(100, 'admin.assign.notAdmin').nullable() });
export type TAssign = z.input<typeof ZAssign>;

/** GET /api/admin/assignees: who can own work (every administrator), by name. */
export const ZAssigneeList = z.object({ assignees: z.array(ZAssignee) });
export type TAssigneeList = z.output<typeof ZAssigneeList>;

export const ownerFilters = ['mine', 'unassigned'] as const;
/** `?owner=`: mine, unassigned, or an administrator's id; blank is anyone. */
export const ZOwnerFilter = z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(100, 'admin.filters.invalidCode').optional());
