import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSessionUser } from '@shared/auth';
// types only: this module adds no zod to the pages that read it
import type { TConfirmTwoFactor, TEnableTwoFactor, TPasswordAndCode } from '@shared/security';
import { request } from './request';
import { currentLanguage } from '../i18n';
import { createPasskey, signWithPasskey } from '../webauthn';
import { setSession } from './session';

/* The second factor, passkeys and one's own sessions: /api/auth/{two-factor,passkey} and /api/me/{security,two-factor,passkeys,sessions}. */

export const securityKeys = { all: ['me', 'security'] as const };

export function useSecurity() {
  return useQuery({ queryKey: securityKeys.all, queryFn: ({ signal }) => request('GET /api/me/security', { signal }) });
}

/** The sign-in's second step: the user arrives in the session, as after a password-only sign-in. */
export function useTwoFactorSignIn() {
  return useMutation({
    mutationFn: (code: string) => request('POST /api/auth/two-factor', { body: { code, language: currentLanguage() } }),
    onSuccess: ({ user }) => setSession(user),
  });
}

export const useEnableTwoFactor = () => useMutation({ mutationFn: (input: TEnableTwoFactor) => request('POST /api/me/two-factor/enable', { body: input }) });

/**
 * Confirming or turning off swaps the session (the server sends a new cookie) and changes the
 * user. Confirming leaves the session store to the caller: the recovery codes are shown first,
 * and an administrator's enrolment screen must not give way to the admin area before that.
 */
function useFactorChange<TInput>(send: (input: TInput) => Promise<{ user: TSessionUser }>, { updateSession }: { updateSession: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ user }) => {
      if (updateSession) setSession(user);
      void queryClient.invalidateQueries({ queryKey: securityKeys.all });
    },
  });
}

export const useConfirmTwoFactor = () =>
  useFactorChange((input: TConfirmTwoFactor) => request('POST /api/me/two-factor/confirm', { body: input }), { updateSession: false });
export const useDisableTwoFactor = () =>
  useFactorChange((input: TPasswordAndCode) => request('POST /api/me/two-factor/disable', { body: input }), { updateSession: true });

export const useNewRecoveryCodes = () =>
  useMutation({ mutationFn: (input: TPasswordAndCode) => request('POST /api/me/two-factor/recovery-codes', { body: input }) });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('DELETE /api/me/sessions/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

/** Sign-in with a passkey alone (no password): the server's challenge, the device's signature. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const options = await request('POST /api/auth/passkey/options');
      const credential = await signWithPasskey(options);
      return request('POST /api/auth/passkey', { body: { credential, language: currentLanguage() } });
    },
    onSuccess: ({ user }) => setSession(user),
  });
}

/** A new passkey: the password (asked by the server before it makes a challenge), the device's credential, its name. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const options = await request('POST /api/me/passkeys/options', { body: { name, password } });
      const credential = await createPasskey(options);
      return request('POST /api/me/passkeys', { body: { name, credential } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('DELETE /api/me/passkeys/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
