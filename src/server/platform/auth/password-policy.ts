import { dictionary } from '@zxcvbn-ts/language-common';
import { makeResetPasswordSchema, makeSignUpSchema, type PasswordRules } from '@shared/auth';
import { isCommonPassword as isOnShortList } from '@shared/common-passwords';
import { passwordCandidates } from '@shared/password-rules';

/**
 * The whole common-password list of @zxcvbn-ts/language-common (about 49,000 entries, most
 * common first, from breach corpora; maintained upstream), beyond the short list the browser
 * also knows. Server only: it would weigh on the client bundle. Built on first use, once.
 */
let commonPasswords: Set<string> | undefined;

function isOnLongList(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  const list = commonPasswords;
  return passwordCandidates(password).some((candidate) => list.has(candidate));
}

/** Refused at sign-up, reset and `npm run admin -- create`: the list entry or a variant of it. */
export function isCommonPassword(password: string): boolean {
  return isOnShortList(password) || isOnLongList(password);
}

const serverRules: PasswordRules = { isCommon: isCommonPassword };

/** The shared schemas with the long list: what the server validates with. */
export const signUpSchema = (minLength: number) => makeSignUpSchema(minLength, serverRules);
export const resetPasswordSchema = (minLength: number) => makeResetPasswordSchema(minLength, serverRules);
