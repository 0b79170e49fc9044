import { useMutation } from '@tanstack/react-query';
import type { TRequestPasswordReset, TResetPassword, TSessionUser, TSignIn, TSignUp } from '@shared/auth';
import { api } from '../api-client';
import { currentLanguage } from '../i18n';
import { setSession } from './session';

/*
 * /api/auth/*: sign-in, sign-up and password reset. Nothing here is cached: the session store
 * (session.ts, no query library, as the header needs it on every page) holds who is signed in.
 */

/** Sign-in and sign-up put the user straight into the session: no extra round trip. */
function useSessionMutation<TInput>(path: string) {
  return useMutation({
    mutationFn: (input: TInput) => api<{ user: TSessionUser }>(path, { body: { ...input, language: currentLanguage() } }),
    onSuccess: ({ user }) => setSession(user),
  });
}

export const useSignIn = () => useSessionMutation<TSignIn>('/api/auth/sign-in');
export const useSignUp = () => useSessionMutation<TSignUp>('/api/auth/sign-up');

/** No language here: the email speaks the one the account chose (a visitor may not change it). */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (input: TRequestPasswordReset) => api<{ ok: true }>('/api/auth/password-reset/request', { body: input }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (input: TResetPassword) => api<{ ok: true }>('/api/auth/password-reset', { body: input }) });
