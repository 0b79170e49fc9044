import { usCountryCode } from './countries';

/*
 * What happens after payment: the milestones of an order, in order, beside the product's four
 * statuses (which stay the administrators' free choice). Zod-free: the dashboard shows them.
 */
export const milestones = [
  'order_received',
  'payment_received',
  'filed_with_state',
  'state_approved',
  'ein_requested',
  'ein_issued',
  'documents_ready',
] as const;
export type Milestone = (typeof milestones)[number];

/** Written by the system (order created, payment applied); the rest an administrator records. */
export const automaticMilestones = ['order_received', 'payment_received'] as const satisfies readonly Milestone[];
export const recordableMilestones = milestones.filter((milestone) => !(automaticMilestones as readonly string[]).includes(milestone)) as Exclude<
  Milestone,
  (typeof automaticMilestones)[number]
>[];

/** "12-3456789", "12 3456789" or "123456789" → "123456789"; anything else null. */
export function normaliseEin(input: string): string | null {
  const match = /^\s*(\d{2})[\s-]?(\d{7})\s*$/.exec(input);
  return match ? `${match[1]}${match[2]}` : null;
}

/** Nine digits as the IRS writes them: 12-3456789. */
export function formatEin(digits: string): string {
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

/**
 * docs/product.md, "Constants and limits": delivery in 24-48 hours for US citizens, 2-4 weeks for everyone else, counted
 * from payment.
 */
export function expectedWindow(nationality: string): { unit: 'hours' | 'weeks'; from: number; to: number } {
  return nationality === usCountryCode ? { unit: 'hours', from: 24, to: 48 } : { unit: 'weeks', from: 2, to: 4 };
}

/** The dates between which the LLC and EIN are expected, from the payment time. */
export function expectedBetween(paidAt: Date, nationality: string): { earliest: Date; latest: Date } {
  const window = expectedWindow(nationality);
  const ms = window.unit === 'hours' ? 3_600_000 : 7 * 86_400_000;
  return { earliest: new Date(paidAt.getTime() + window.from * ms), latest: new Date(paidAt.getTime() + window.to * ms) };
}

export type MilestoneOrderProblem = {
  field: 'milestone' | 'occurredOn';
  message: 'admin.milestones.previousMissing' | 'admin.milestones.beforePrevious' | 'admin.milestones.afterNext';
};

/**
 * Milestones happen in their order. A recordable milestone needs the one before
 * it (filing needs nothing recorded: the order and its payment are the system's), and its day
 * falls on or after every earlier milestone's and on or before every later one's (a correction
 * must not move a milestone past its neighbours). Null when `milestone` on `day` keeps the order.
 */
export function milestoneOrderProblem(
  recorded: readonly { milestone: Milestone; occurredOn: string }[],
  milestone: Milestone,
  day: string,
): MilestoneOrderProblem | null {
  const index = milestones.indexOf(milestone);
  const dayOf = new Map(recorded.map((entry) => [entry.milestone, entry.occurredOn]));
  const previous = milestones[index - 1];
  if (previous && !(automaticMilestones as readonly string[]).includes(previous) && !dayOf.has(previous))
    return { field: 'milestone', message: 'admin.milestones.previousMissing' };
  for (const earlier of milestones.slice(0, index)) {
    const earlierDay = dayOf.get(earlier);
    if (earlierDay && earlierDay > day) return { field: 'occurredOn', message: 'admin.milestones.beforePrevious' };
  }
  for (const later of milestones.slice(index + 1)) {
    const laterDay = dayOf.get(later);
    if (laterDay && laterDay < day) return { field: 'occurredOn', message: 'admin.milestones.afterNext' };
  }
  return null;
}
