import { z } from 'zod';

/** GET /api/health: liveness, answered without the database. */
export const ZHealth = z.object({ status: z.literal('ok') });

/** GET /api/ready: every dependency an instance needs, by name. */
export const ZReadiness = z.object({ status: z.enum(['ready', 'unavailable']), checks: z.record(z.string(), z.enum(['up', 'down'])) });
