import { z } from 'zod';

/** GET /api/health: liveness with the database check. */
export const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/** GET /api/ready: every dependency an instance needs, by name. */
export const ZReadiness = z.object({ status: z.enum(['ready', 'unavailable']), checks: z.record(z.string(), z.enum(['up', 'down'])) });
