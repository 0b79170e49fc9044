import { z } from 'zod';
import { passwordMaxLength } from './auth';

/*
 * The second factor (issue 33): an authenticator app's six-digit code, or one of the ten recovery
 * codes Better Auth makes (ten letters and digits, shown as xxxxx-xxxxx). Spaces and dashes a user
 * copies along are ignored; a recovery code's case is kept (they are case-sensitive).
 */

export const totpCodePattern = /^\d{6}$/;
export const recoveryCodePattern = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** The code as the server checks it: six digits, or a recovery code with its dash. */
export function normalizeSecondFactorCode(raw: string): string {
  const compact = raw.replace(/\s+/g, '');
  if (totpCodePattern.test(compact)) return compact;
  const letters = compact.replace(/-/g, '');
  return letters.length === 10 ? `${letters.slice(0, 5)}-${letters.slice(5)}` : compact;
}

export const isRecoveryCode = (code: string) => !totpCodePattern.test(code);

export const ZSecondFactorCode = z
  .string({ error: 'security.codeRequired' })
  .max(40, 'security.codeInvalid')
  .transform(normalizeSecondFactorCode)
  .pipe(z.string().min(1, 'security.codeRequired').refine((code) => totpCodePattern.test(code) || recoveryCodePattern.test(code), 'security.codeInvalid'));

/** The current password, as at sign-in: no rules but present and not absurdly long. */
const ZCurrentPassword = z.string({ error: 'auth.passwordRequired' }).min(1, 'auth.passwordRequired').max(passwordMaxLength, 'auth.passwordTooLong');

/** POST /api/auth/two-factor: the code that completes a sign-in. */
export const ZTwoFactorSignIn = z.object({ code: ZSecondFactorCode });
export type TTwoFactorSignIn = z.input<typeof ZTwoFactorSignIn>;

/** POST /api/me/two-factor/enable: the password again before a secret is made. */
export const ZEnableTwoFactor = z.object({ password: ZCurrentPassword });
export type TEnableTwoFactor = z.input<typeof ZEnableTwoFactor>;

/** POST /api/me/two-factor/confirm: the first code from the app proves it holds the secret (recovery codes do not count). */
export const ZConfirmTwoFactor = z.object({ code: ZSecondFactorCode.refine((code) => totpCodePattern.test(code), 'security.codeFromApp') });
export type TConfirmTwoFactor = z.input<typeof ZConfirmTwoFactor>;

/** POST /api/me/two-factor/disable and /recovery-codes: the password and a current code. */
export const ZPasswordAndCode = z.object({ password: ZCurrentPassword, code: ZSecondFactorCode });
export type TPasswordAndCode = z.input<typeof ZPasswordAndCode>;

/** What enrolment shows once: the app's QR code (an SVG), the same secret as text, the recovery codes. */
export const ZTwoFactorSetup = z.object({
  totpUri: z.string(),
  secret: z.string(),
  qrSvg: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TTwoFactorSetup = z.output<typeof ZTwoFactorSetup>;

export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.output<typeof ZRecoveryCodes>;

/** One of the caller's own sessions: never its token. */
export const ZOwnSession = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
});
export type TOwnSession = z.output<typeof ZOwnSession>;

/** GET /api/me/security: the Security section of the dashboard. */
export const ZSecurityAnswer = z.object({
  twoFactorEnabled: z.boolean(),
  /** a secret was made but not confirmed with a code yet */
  enrolmentPending: z.boolean(),
  sessions: z.array(ZOwnSession),
});
export type TSecurityAnswer = z.output<typeof ZSecurityAnswer>;
