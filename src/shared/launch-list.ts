import { z } from 'zod';
import { ZLanguage } from './auth';
import { ZLaunchListEntry } from './support';

/** POST /api/launch-list: the presale form's address, and the language the visitor reads. */
export const ZLaunchListSignup = ZLaunchListEntry.extend({ language: ZLanguage.optional() });
export type TLaunchListSignup = z.input<typeof ZLaunchListSignup>;

export const ZLaunchListSummary = z.object({ count: z.number().int() });
export type TLaunchListSummary = z.output<typeof ZLaunchListSummary>;
