import { useMutation } from '@tanstack/react-query';
import type { TRequestPasswordReset, TResetPassword, TSessionUser, TSignIn, TSignInAnswer, TSignUp } from '@shared/auth';
import { api } from '../api-client';
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
function useSessionMutation<TInput, TAnswer extends TSignInAnswer>(path: string) {
  return useMutation({
    mutationFn: (input: TInput) => api<TAnswer>(path, { body: { ...input, language: currentLanguage() } }),
    onSuccess: (answer) => {
      if ('user' in answer) setSession(answer.user);
    },
  });
}

export const useSignIn = () => useSessionMutation<TSignIn, TSignInAnswer>('/api/auth/sign-in');
export const useSignUp = () => useSessionMutation<TSignUp, { user: TSessionUser }>('/api/auth/sign-up');

/** No language here: the email speaks the one the account chose (a visitor may not change it). */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (input: TRequestPasswordReset) => api<{ ok: true }>('/api/auth/password-reset/request', { body: input }) });

export const useResetPassword = () => useMutation({ mutationFn: (input: TResetPassword) => api<{ ok: true }>('/api/auth/password-reset', { body: input }) });

/** A new link proving the signed-in account's address (the first came with the welcome email). */
export const useResendVerification = () => useMutation({ mutationFn: () => api<{ ok: true }>('/api/me/email-verification', { method: 'POST' }) });
