import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from '@client/lib/router';
import { getSessionUser, subscribeSession } from '@client/lib/api/session';
import { LiveEvents } from '@client/lib/live-events';
import { queryClient } from '@client/lib/query-client';

/**
 * Pages that load data get TanStack Query from this lazily loaded layout, so content pages
 * (home, legal, landing pages) never download it. When the signed-in user changes, nothing of the
 * previous user stays in the cache. A signed-in user's pages also get the live stream:
 * its events refresh the queries that show the changed order.
 */
export default function QueryLayout() {
  useEffect(() => {
    let userId = getSessionUser()?.id;
    return subscribeSession(() => {
      const next = getSessionUser()?.id;
      if (next !== userId) queryClient.clear();
      userId = next;
    });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveEvents />
      <Outlet />
    </QueryClientProvider>
  );
}
