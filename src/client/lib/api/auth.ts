import { useMutation } from '@tanstack/react-query';
import type { TRequestPasswordReset, TResetPassword, TSignIn, TSignInAnswer, TSignUp } from '@shared/auth';
import { request } from './request';
import { currentLanguage } from '../i18n';
import { setSession } from './session';

/*
 * /api/auth/*: sign-in, sign-up and password reset. Nothing here is cached: the session store
 * (session.ts, no query library, as the header needs it on every page) holds who is signed in.
 */

/**
 * Sign-in and sign-up put the user straight into the session: no extra round trip. A sign-in of an
 * account with a second factor answers `twoFactorRequired` instead: no session yet.
 */
function useSessionMutation<TInput, TAnswer extends TSignInAnswer>(send: (input: TInput) => Promise<TAnswer>) {
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      if ('user' in answer) setSession(answer.user);
    },
  });
}

export const useSignIn = () => useSessionMutation((input: TSignIn) => request('POST /api/auth/sign-in', { body: { ...input, language: currentLanguage() } }));
export const useSignUp = () => useSessionMutation((input: TSignUp) => request('POST /api/auth/sign-up', { body: { ...input, language: currentLanguage() } }));

/** No language here: the email speaks the one the account chose (a visitor may not change it). */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (input: TRequestPasswordReset) => request('POST /api/auth/password-reset/request', { body: input }) });

export const useResetPassword = () => useMutation({ mutationFn: (input: TResetPassword) => request('POST /api/auth/password-reset', { body: input }) });

/** A new link proving the signed-in account's address (the first came with the welcome email). */
export const useResendVerification = () => useMutation({ mutationFn: () => request('POST /api/me/email-verification') });
