import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { languages } from './languages';

/** The interface language the request was made in; stored so emails speak it too. */
export const ZLanguage = z.enum(languages);

/** ASVS 5: at least 64 characters must be accepted; beyond 128 only costs hashing time. */
export const passwordMaxLength = 128;
export const defaultPasswordMinLength = 8;

/** SPEC section 5 messages, as translation keys. */
export const ZEmail = z
  .string({ error: 'auth.emailRequired' })
  .trim()
  .min(1, 'auth.emailRequired')
  .max(254, 'auth.validEmail')
  .pipe(z.email('auth.validEmail'))
  .transform((email) => email.toLowerCase());

const newPassword = (minLength: number) =>
  z
    .string({ error: 'auth.passwordRequired' })
    .min(1, 'auth.passwordRequired')
    .min(minLength, 'auth.passwordLength')
    .max(passwordMaxLength, 'auth.passwordTooLong')
    .refine((password) => !isCommonPassword(password), 'auth.weakPassword');

export const ZSignIn = z.object({
  email: ZEmail,
  // no length rule at sign-in: an old password must still be accepted for checking
  password: z.string({ error: 'auth.passwordRequired' }).min(1, 'auth.passwordRequired').max(passwordMaxLength, 'auth.passwordTooLong'),
  language: ZLanguage.optional(),
});
export type TSignIn = z.infer<typeof ZSignIn>;

export const makeSignUpSchema = (minLength = defaultPasswordMinLength) =>
  z.object({
    name: z.string({ error: 'auth.nameRequired' }).trim().min(1, 'auth.nameRequired').max(100, 'auth.nameTooLong'),
    email: ZEmail,
    password: newPassword(minLength),
    language: ZLanguage.optional(),
  });
export type TSignUp = z.infer<ReturnType<typeof makeSignUpSchema>>;

export const ZRequestPasswordReset = z.object({ email: ZEmail, language: ZLanguage.optional() });
export type TRequestPasswordReset = z.infer<typeof ZRequestPasswordReset>;

export const makeResetPasswordSchema = (minLength = defaultPasswordMinLength) =>
  z.object({
    token: z.string().min(1, 'auth.resetInvalid').max(200, 'auth.resetInvalid'),
    password: newPassword(minLength),
  });
export type TResetPassword = z.infer<ReturnType<typeof makeResetPasswordSchema>>;

/** The signed-in user as the API returns it (SPEC "Profile"); nothing else of the account leaves the server. */
const ZSessionUser = z.object({ id: z.string(), name: z.string(), email: z.string(), isAdmin: z.boolean() });
export type TSessionUser = z.output<typeof ZSessionUser>;

export const ZUserAnswer = z.object({ user: ZSessionUser });
/** GET /api/session: a visitor is a normal answer, not an error. */
export const ZSessionAnswer = z.object({ user: ZSessionUser.nullable() });
