import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TSessionUser } from '@shared/auth';
import type { Language } from '@shared/languages';
import { request } from './request';
import { paths } from '@shared/client-paths';

export type SessionUser = TSessionUser;

interface SessionState {
  user: SessionUser | null;
  status: 'idle' | 'pending' | 'ready';
  fetchedAt: number;
}

/*
 * The session is a tiny store of its own, not a TanStack query: the header needs it on every page,
 * and this keeps the query library out of the home page's first load.
 */
const staleMs = 60_000;
const initialState: SessionState = { user: null, status: 'idle', fetchedAt: 0 };
let state = initialState;
let inflight: Promise<SessionUser | null> | undefined;
const listeners = new Set<() => void>();

function publish(next: SessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** The signed-in user, or null for a visitor. A failed read counts as signed out. */
export function loadSession(): Promise<SessionUser | null> {
  inflight ??= request('GET /api/session')
    .then(({ user }) => user)
    .catch(() => null)
    .then((user) => {
      publish({ user, status: 'ready', fetchedAt: Date.now() });
      return user;
    })
    .finally(() => (inflight = undefined));
  if (state.status === 'idle') publish({ ...state, status: 'pending' });
  return inflight;
}

/** Who is signed in, once known: now, or when the first answer comes (the same request, not another). */
export function whenSessionKnown(): Promise<SessionUser | null> {
  return state.status === 'ready' ? Promise.resolve(state.user) : loadSession();
}

/** After sign-in, sign-up or sign-out: the answer is known, no extra round trip. */
export function setSession(user: SessionUser | null): void {
  publish({ user, status: 'ready', fetchedAt: Date.now() });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionUser(): SessionUser | null {
  return state.user;
}

/** `user` is null for visitors; `isPending` is true until the first answer. */
export function useSession(): { user: SessionUser | null; isPending: boolean } {
  // a prerendered page was rendered with nobody signed in; hydration starts from there too
  const current = useSyncExternalStore(
    subscribeSession,
    () => state,
    () => initialState,
  );
  useEffect(() => {
    if (state.status !== 'pending' && Date.now() - state.fetchedAt > staleMs) void loadSession();
  }, []);
  return { user: current.user, isPending: current.status !== 'ready' };
}

/**
 * PUT /api/me/language: the signed-in user's emails and checkout follow the language they use the
 * site in. keepalive: a page left right after the switch (a link, a typed address) still saves it.
 */
export function saveLanguage(language: Language): Promise<void> {
  return request('PUT /api/me/language', { body: { language }, keepalive: true });
}

/**
 * Logout: ends the session on the server and, whatever it answered (docs/product.md), goes home by a full
 * page load. Nothing of the user stays in memory (the session, cached orders), and no guarded page
 * is left behind to see nobody signed in and send the visitor to the login page on the way out.
 */
export function useSignOut(): { signOut: () => void; signingOut: boolean } {
  const [signingOut, setSigningOut] = useState(false);
  const signOut = () => {
    setSigningOut(true);
    void request('POST /api/auth/sign-out')
      .catch(() => undefined)
      .finally(() => {
        // drafts kept for this tab (e.g. the order wizard's) hold personal data: gone with the session
        try {
          sessionStorage.clear();
        } catch {
          // storage unavailable: nothing was kept
        }
        window.location.replace(paths.home());
      });
  };
  return { signOut, signingOut };
}
