import type { TSessionUser } from '@shared/auth';
import type { TOwnSession, TTwoFactorSetup } from '@shared/security';
import { customer } from './builders';

/* The second factor's data for the component tests (issue 33). */

/** The ten recovery codes the enrolment shows once. */
export const recoveryCodes = Array.from({ length: 10 }, (_, i) => `a${i}b2c-3d4e${i}`);

/** POST /api/me/two-factor/enable's answer: the QR code (an SVG), the secret as text, the codes. */
export const twoFactorSetup: TTwoFactorSetup = {
  totpUri: 'otpauth://totp/Frontera:ana%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Frontera',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>',
  recoveryCodes,
};

/** The customer once the second factor is on. */
export const enrolledCustomer: TSessionUser = { ...customer, twoFactorEnabled: true };

/** One of the account's sessions, as GET /api/me/security lists it. */
export function ownSession(overrides: Partial<TOwnSession> = {}): TOwnSession {
  return {
    id: 'session-1',
    current: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    lastSeenAt: '2026-11-28T10:00:00.000Z',
    expiresAt: '2026-12-28T10:00:00.000Z',
    userAgent: null,
    ipAddress: null,
    ...overrides,
  };
}
