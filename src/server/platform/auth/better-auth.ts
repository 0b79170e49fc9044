import { AsyncLocalStorage } from 'node:async_hooks';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { newRecoveryCodes } from './recovery-codes';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { passwordMaxLength } from '@shared/auth';
import type { Config } from '../../config';
import { databaseUnavailable, type Db } from '../../db/client';
import { createFreshness, type Freshness } from '../../db/user-changes';
import { accounts, passkeys, sessions, twoFactors, users, verifications } from '../../db/schema';
import { PasswordHashing } from './password-hash';
import { authSecret } from './secret';
import { createSessionLookup } from './session-lookup';

export const resetTokenSeconds = 30 * 60;

/**
 * The endpoints whose new session completed a second factor: a sign-in's app or recovery code, the
 * enrolment's first code (the same endpoint, with a session) and a passkey. Every other session
 * (a password, a sign-up, turning the factor off) is a first factor only (ADR 0027).
 */
const secondFactorPaths = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/passkey/verify-authentication']);

const unverifiedUser = () => new APIError('UNAUTHORIZED', { code: 'PASSKEY_USER_NOT_VERIFIED', message: 'the device did not check its owner' });

/**
 * Better Auth answers some database failures with an error of its own (a sign-up whose insert
 * fails is 422 FAILED_TO_CREATE_USER) after logging the cause. The cause, caught from its logger in
 * the call's own async context, turns an outage back into the 503 `unavailable` every other route
 * answers (db/client.ts), never a 4xx that tells the customer their input was wrong.
 */
const loggedErrors = new AsyncLocalStorage<unknown[]>();

export async function outageUnmasked<T>(call: () => Promise<T>): Promise<T> {
  const logged: unknown[] = [];
  try {
    return await loggedErrors.run(logged, call);
  } catch (error) {
    for (const cause of logged) {
      const outage = databaseUnavailable(cause);
      if (outage) throw outage;
    }
    throw error;
  }
}

interface AuthHooks {
  sendResetPassword(data: { user: { id: string; name: string; email: string }; token: string }): Promise<void>;
}

/**
 * Better Auth does the credential work (scrypt hashes, DB sessions in an httpOnly cookie,
 * one-time reset tokens, timing-safe sign-in). It is called through `auth.api` from our own
 * routes, which own validation, rate limits and the error contract.
 */
export function createAuth(
  db: Db,
  config: Config,
  {
    log,
    hooks,
    freshness = createFreshness(db),
  }: { log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>; hooks: AuthHooks; freshness?: Freshness },
) {
  const passwordHashing = new PasswordHashing({ concurrency: config.PASSWORD_HASH_CONCURRENCY, queue: config.PASSWORD_HASH_QUEUE });
  const auth = betterAuth({
    appName: 'Frontera',
    baseURL: config.APP_URL,
    secret: authSecret(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors, passkey: passkeys },
    }),
    plugins: [
      // an authenticator app (TOTP) with ten one-time recovery codes, both stored encrypted
      // with the auth secret. Our routes (features/security) call it, limit attempts per address and
      // account like passwords, and never lock the owner out: the plugin's own lockout is off, and a
      // sign-in challenge still ends after five wrong codes (sign in again). No "trust this device".
      twoFactor({
        issuer: 'Frontera',
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted', customBackupCodesGenerate: () => newRecoveryCodes() },
        accountLockout: { enabled: false },
      }),
      // passkeys, the second option. One signs in on its own only because the device
      // checked its owner (fingerprint, face or PIN: "user verification"), which makes it two
      // factors; the plugin checks the signature, challenge, origin and counter, and we refuse a
      // credential made or used without that check. Challenges live in the verifications table,
      // so any instance finishes what another began.
      passkey({
        rpName: 'Frontera',
        rpID: new URL(config.APP_URL).hostname,
        origin: new URL(config.APP_URL).origin,
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        registration: {
          afterVerification: ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) throw unverifiedUser();
            return Promise.resolve();
          },
        },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw unverifiedUser();
            return Promise.resolve();
          },
        },
      }),
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: config.PASSWORD_MIN_LENGTH,
      maxPasswordLength: passwordMaxLength,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: resetTokenSeconds,
      revokeSessionsOnPasswordReset: true,
      // the same hashes, a bounded number at once (password-hash.ts)
      password: { hash: passwordHashing.hash, verify: passwordHashing.verify },
      sendResetPassword: ({ user, token }) => hooks.sendResetPassword({ user, token }),
    },
    user: {
      additionalFields: {
        isAdmin: { type: 'boolean', defaultValue: false, input: false },
        language: { type: 'string', defaultValue: 'en', input: true },
      },
    },
    // freshAge 0: our routes ask for the password again where it matters (adding a passkey, turning the factor off)
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      freshAge: 0,
      additionalFields: { secondFactor: { type: 'boolean', defaultValue: false, input: false } },
    },
    databaseHooks: {
      session: {
        create: {
          // decided once, by the endpoint that opens the session; nothing else ever sets it
          before: (session, context) => Promise.resolve({ data: { ...session, secondFactor: secondFactorPaths.has(context?.path ?? '') } }),
        },
      },
    },
    advanced: {
      cookiePrefix: 'frontera',
      useSecureCookies: config.APP_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    // our routes rate-limit per IP and per account, with counters shared by all instances
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        if (level === 'error') loggedErrors.getStore()?.push(...args.filter((arg) => arg instanceof Error));
        return level === 'error' ? log.error({ msg: message }) : log[level === 'debug' ? 'debug' : level]({ msg: message });
      },
    },
  });
  // the guards' cheap path to the same sessions (ADR 0013), cached as fresh as `freshness` keeps them
  return Object.assign(auth, createSessionLookup(db, auth.$context, freshness), { passwordHashing });
}

export type Auth = ReturnType<typeof createAuth>;
