import { z } from 'zod';
import { passwordMaxLength, ZLanguage } from './auth';
import { passkeyNameMaxLength } from './passkey-limits';

/*
 * The second factor: an authenticator app's six-digit code, or one of the ten recovery
 * codes (ten capitals and digits, shown as XXXXX-XXXXX, from an alphabet without the look-alikes
 * 0/O and 1/I/L: recoveryCodeAlphabet). Spaces and dashes a user copies along are ignored; a code
 * typed in small letters is also tried in capitals (codes made before kept their mixed case).
 */

/** The recovery codes' letters: one case, and none a reader confuses with another (no 0, O, 1, I, L). */
export const recoveryCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

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
  .pipe(
    z
      .string()
      .min(1, 'security.codeRequired')
      .refine((code) => totpCodePattern.test(code) || recoveryCodePattern.test(code), 'security.codeInvalid'),
  );

/** The current password, as at sign-in: no rules but present and not absurdly long. */
const ZCurrentPassword = z.string({ error: 'auth.passwordRequired' }).min(1, 'auth.passwordRequired').max(passwordMaxLength, 'auth.passwordTooLong');

/** POST /api/auth/two-factor: the code that completes a sign-in. */
export const ZTwoFactorSignIn = z.object({ code: ZSecondFactorCode });
export type TTwoFactorSignIn = z.input<typeof ZTwoFactorSignIn>;
/** POST /api/auth/two-factor: the code, and the language the session's emails speak */
export const ZTwoFactorSignInRequest = ZTwoFactorSignIn.extend({ language: ZLanguage.optional() });

/** An administrator's enrolment carries the one-time link's token (ADR 0027); a customer's has none. */
const ZEnrolmentToken = z.string().max(200).optional();
/** POST /api/me/two-factor/enable: the password again before a secret is made. */
export const ZEnableTwoFactor = z.object({ password: ZCurrentPassword, enrolmentToken: ZEnrolmentToken });
export type TEnableTwoFactor = z.input<typeof ZEnableTwoFactor>;

/** POST /api/me/two-factor/confirm: the first code from the app proves it holds the secret (recovery codes do not count). */
export const ZConfirmTwoFactor = z.object({
  code: ZSecondFactorCode.refine((code) => totpCodePattern.test(code), 'security.codeFromApp'),
  enrolmentToken: ZEnrolmentToken,
});
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

/*
 * Passkeys (ADR 0027): WebAuthn credentials made by the device, a second way to sign in
 * that is itself two factors (the device, and the fingerprint, face or PIN that unlocks it).
 * The browser's answers are checked by Better Auth's passkey plugin; here only their shape and size.
 */

export const ZPasskeyName = z
  .string({ error: 'security.passkey.nameRequired' })
  .trim()
  .min(1, 'security.passkey.nameRequired')
  .max(passkeyNameMaxLength, 'security.passkey.nameTooLong');

/** base64url text of the browser's answer: bounded, so a huge body is refused before any parsing. */
const ZWebAuthnText = z.string().min(1).max(16_384);
const ZExtensionResults = z.record(z.string().max(64), z.unknown()).default({});

/** What navigator.credentials.create() answered, as @simplewebauthn/browser encodes it. */
export const ZRegistrationCredential = z.looseObject({
  id: ZWebAuthnText,
  rawId: ZWebAuthnText,
  type: z.literal('public-key'),
  clientExtensionResults: ZExtensionResults,
  response: z.looseObject({ clientDataJSON: ZWebAuthnText, attestationObject: ZWebAuthnText, transports: z.array(z.string().max(32)).max(10).optional() }),
});

/** What navigator.credentials.get() answered. */
export const ZAuthenticationCredential = z.looseObject({
  id: ZWebAuthnText,
  rawId: ZWebAuthnText,
  type: z.literal('public-key'),
  clientExtensionResults: ZExtensionResults,
  response: z.looseObject({ clientDataJSON: ZWebAuthnText, authenticatorData: ZWebAuthnText, signature: ZWebAuthnText, userHandle: ZWebAuthnText.optional() }),
});

/** The options the browser passes to navigator.credentials: made by the server, passed through whole. */
export const ZPasskeyOptions = z.looseObject({ challenge: z.string() });
export type TPasskeyOptions = z.output<typeof ZPasskeyOptions>;

/** POST /api/me/passkeys/options: the password again before a new credential is added, and its name (checked before the device is asked). */
export const ZPasskeyOptionsRequest = z.object({ name: ZPasskeyName, password: ZCurrentPassword });
export type TPasskeyOptionsRequest = z.input<typeof ZPasskeyOptionsRequest>;

/** POST /api/me/passkeys: the device's new credential and the name its owner gave it. */
export const ZAddPasskey = z.object({ name: ZPasskeyName, credential: ZRegistrationCredential });
export type TAddPasskey = z.input<typeof ZAddPasskey>;

/** POST /api/auth/passkey: a sign-in with a passkey (no password). */
export const ZPasskeySignIn = z.object({ credential: ZAuthenticationCredential });
/** POST /api/auth/passkey */
export const ZPasskeySignInRequest = ZPasskeySignIn.extend({ language: ZLanguage.optional() });

/** One of the caller's passkeys: never its key or credential id. */
export const ZOwnPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** the password manager or platform that holds it, when the device says (Google Password Manager, Windows Hello…) */
  provider: z.string().nullable(),
  /** synced to the owner's other devices (a multi-device passkey) */
  backedUp: z.boolean(),
});
export type TOwnPasskey = z.output<typeof ZOwnPasskey>;

export const ZPasskeyList = z.object({ passkeys: z.array(ZOwnPasskey) });

/** GET /api/me/security: the Security section of the dashboard. */
export const ZSecurityAnswer = z.object({
  twoFactorEnabled: z.boolean(),
  /** a secret was made but not confirmed with a code yet */
  enrolmentPending: z.boolean(),
  sessions: z.array(ZOwnSession),
  passkeys: z.array(ZOwnPasskey),
  /** this session was opened with a second factor, so it may add a passkey (a password alone may not) */
  passkeysAllowed: z.boolean(),
});
export type TSecurityAnswer = z.output<typeof ZSecurityAnswer>;
