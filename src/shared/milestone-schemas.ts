import { z } from 'zod';
import { milestones, normaliseEin, recordableMilestones } from './milestones';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Tomorrow's calendar day in UTC: an administrator ahead of UTC may record "today" in their zone. */
export const latestMilestoneDay = (now = new Date()) => new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);

/**
 * POST /api/admin/orders/:id/milestones. The EIN is required for ein_issued, refused otherwise,
 * and arrives as nine digits. The server also refuses a date before the order's creation day.
 */
export const ZMilestoneRecord = z
  .object({
    milestone: z.enum(recordableMilestones, { error: 'admin.milestones.invalidMilestone' }),
    occurredOn: z
      .string()
      .regex(isoDay, 'admin.milestones.invalidDate')
      .refine(
        (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
        'admin.milestones.invalidDate',
      )
      .refine((day) => day <= latestMilestoneDay(), 'admin.milestones.futureDate'),
    note: z
      .string()
      .trim()
      .max(500, 'admin.milestones.noteTooLong')
      .optional()
      .transform((value) => value || null),
    ein: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.milestone === 'ein_issued') {
      if (!body.ein || !normaliseEin(body.ein)) ctx.addIssue({ code: 'custom', path: ['ein'], message: 'admin.milestones.invalidEin' });
    } else if (body.ein !== undefined && body.ein.trim() !== '') {
      ctx.addIssue({ code: 'custom', path: ['ein'], message: 'admin.milestones.einNotAllowed' });
    }
  })
  .transform(({ ein, ...body }) => ({ ...body, ein: body.milestone === 'ein_issued' && ein ? normaliseEin(ein) : null }));
export type TMilestoneRecordInput = z.input<typeof ZMilestoneRecord>;

export const ZOrderMilestone = z.object({
  milestone: z.enum(milestones),
  occurredOn: z.string().describe('YYYY-MM-DD'),
  note: z.string().nullable(),
});
export type TOrderMilestone = z.output<typeof ZOrderMilestone>;

export const ZMilestoneRecorded = z.object({
  milestone: ZOrderMilestone,
  /** false when the milestone was already recorded with the same date, note and EIN (nothing written, nobody emailed) */
  changed: z.boolean(),
});
export type TMilestoneRecorded = z.output<typeof ZMilestoneRecorded>;
