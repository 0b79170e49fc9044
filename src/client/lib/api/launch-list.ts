// types only, and no query library: the presale page is prerendered and loads neither
import type { TLaunchListSignup } from '@shared/launch-list';
import { request } from './request';

/* /api/launch-list: the presale page's list (anyone joins). Its count and CSV, for administrators, are in admin-users.ts. */

/** POST /api/launch-list: 202 whether or not the address was already there. */
export function joinLaunchList(signup: TLaunchListSignup): Promise<{ ok: true }> {
  return request('POST /api/launch-list', { body: signup });
}
