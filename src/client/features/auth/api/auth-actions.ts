import { useMutation } from '@tanstack/react-query';
import type { TRequestPasswordReset, TResetPassword, TSessionUser, TSignIn, TSignUp } from '@shared/auth';
import { api } from '@client/lib/api-client';
import { currentLanguage } from '@client/lib/i18n';
import { setSession } from './session';

/** Sign-in and sign-up put the user straight into the session: no extra round trip. */
function useSessionMutation<TInput>(path: string) {
  return useMutation({
    mutationFn: (input: TInput) => api<{ user: TSessionUser }>(path, { body: { ...input, language: currentLanguage() } }),
    onSuccess: ({ user }) => setSession(user),
  });
}

export const useSignIn = () => useSessionMutation<TSignIn>('/api/auth/sign-in');
export const useSignUp = () => useSessionMutation<TSignUp>('/api/auth/sign-up');

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: TRequestPasswordReset) =>
      api<{ ok: true }>('/api/auth/password-reset/request', { body: { ...input, language: currentLanguage() } }),
  });

export const useResetPassword = () =>
  useMutation({ mutationFn: (input: TResetPassword) => api<{ ok: true }>('/api/auth/password-reset', { body: input }) });
