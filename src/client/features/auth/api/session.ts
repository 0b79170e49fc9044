import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@client/lib/api-client';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** The signed-in user, or null for a visitor (the server answers 401). */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    const { user } = await api<{ user: SessionUser }>('/api/me');
    return user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

export const sessionQuery = queryOptions({ queryKey: ['session'], queryFn: fetchSession, staleTime: 60_000 });

/** `user` is null for visitors; `isPending` is true until the first answer. */
export function useSession(): { user: SessionUser | null; isPending: boolean } {
  const query = useQuery(sessionQuery);
  return { user: query.data ?? null, isPending: query.isPending };
}
