import { z } from 'zod';
import { builtBy } from './schema-factories';
import { isCommonPassword } from './common-passwords';
import { languages } from './languages';
import { containsPersonalInfo, isTooSimple } from './password-rules';

/** The interface language the request was made in; stored so emails speak it too. */
export const ZLanguage = z.enum(languages);

/** PUT /api/me/language: the language of the account's emails. */
export const ZLanguageChange = z.object({ language: ZLanguage });

/** ASVS 5: at least 64 characters must be accepted; beyond 128 only costs hashing time. */
export const passwordMaxLength = 128;
export const defaultPasswordMinLength = 8;

/** docs/product.md, "Validation" messages, as translation keys. */
export const ZEmail = z
  .string({ error: 'auth.emailRequired' })
  .trim()
  .min(1, 'auth.emailRequired')
  .max(254, 'auth.validEmail')
  .pipe(z.email('auth.validEmail'))
  .transform((email) => email.toLowerCase());

/** What the server adds to the shared rules: the long common-password list stays out of the bundle. */
export interface PasswordRules {
  isCommon?(password: string): boolean;
}

const newPassword = (minLength: number, { isCommon = isCommonPassword }: PasswordRules) =>
  z
    .string({ error: 'auth.passwordRequired' })
    .min(1, 'auth.passwordRequired')
    .min(minLength, 'auth.passwordLength')
    .max(passwordMaxLength, 'auth.passwordTooLong')
    .refine((password) => !isTooSimple(password), 'auth.passwordTooSimple')
    .refine((password) => !isCommon(password), 'auth.weakPassword');

export const ZSignIn = z.object({
  email: ZEmail,
  // no length rule at sign-in: an old password must still be accepted for checking
  password: z.string({ error: 'auth.passwordRequired' }).min(1, 'auth.passwordRequired').max(passwordMaxLength, 'auth.passwordTooLong'),
  language: ZLanguage.optional(),
});
export type TSignIn = z.infer<typeof ZSignIn>;

export const makeSignUpSchema = (minLength = defaultPasswordMinLength, rules: PasswordRules = {}) => builtBy(signUpObject(minLength, rules), makeSignUpSchema);
const signUpObject = (minLength: number, rules: PasswordRules) =>
  z
    .object({
      name: z.string({ error: 'auth.nameRequired' }).trim().min(1, 'auth.nameRequired').max(100, 'auth.nameTooLong'),
      email: ZEmail,
      password: newPassword(minLength, rules),
      language: ZLanguage.optional(),
    })
    .refine(({ password, name, email }) => !containsPersonalInfo(password, { name, email }), { path: ['password'], message: 'auth.passwordPersonal' });
export type TSignUp = z.infer<ReturnType<typeof makeSignUpSchema>>;

/**
 * No language: a visitor must not change an account's email language (only PUT /api/me/language
 * does); the email speaks the one stored. An old client's extra field is stripped.
 */
export const ZRequestPasswordReset = z.object({ email: ZEmail });
export type TRequestPasswordReset = z.infer<typeof ZRequestPasswordReset>;

/** The server also refuses a password holding the name or email of the token's account. */
export const makeResetPasswordSchema = (minLength = defaultPasswordMinLength, rules: PasswordRules = {}) =>
  builtBy(
    z.object({
      token: z.string().min(1, 'auth.resetInvalid').max(200, 'auth.resetInvalid'),
      password: newPassword(minLength, rules),
    }),
    makeResetPasswordSchema,
  );
export type TResetPassword = z.infer<ReturnType<typeof makeResetPasswordSchema>>;

/** The signed-in user as the API returns it (docs/product.md, "Entities": Profile); nothing else of the account leaves the server. */
const ZSessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** the owner opened the link emailed to the address: what is matched by address (support tickets) is theirs */
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** a confirmed authenticator app; an administrator without one may only enroll */
  twoFactorEnabled: z.boolean(),
});
export type TSessionUser = z.output<typeof ZSessionUser>;

/**
 * Whether the user may act as an administrator: the role AND a second factor. An
 * administrator without one is treated as a customer everywhere, and the admin endpoints answer
 * 403 second_factor_required so the admin pages show the enrolment screen.
 */
export const hasAdminAccess = (user: Pick<TSessionUser, 'isAdmin' | 'twoFactorEnabled'>) => user.isAdmin && user.twoFactorEnabled;

export const ZUserAnswer = z.object({ user: ZSessionUser });
/** POST /api/auth/sign-in: signed in, or the password was right and a second factor is asked next. */
export const ZSignInAnswer = z.union([ZUserAnswer, z.object({ twoFactorRequired: z.literal(true) })]);
export type TSignInAnswer = z.output<typeof ZSignInAnswer>;
/** GET /api/session: a visitor is a normal answer, not an error. */
export const ZSessionAnswer = z.object({ user: ZSessionUser.nullable() });
