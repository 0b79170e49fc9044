import { lazy, Suspense } from 'react';

// the count's query library is not in the first load of public pages: it comes with the signed-in header
const UnreadCount = lazy(() => import('./unread-count'));

/** The unread messages' count over a header link (see unread-count.tsx); nothing while it loads. */
export function UnreadBadge() {
  return (
    <Suspense fallback={null}>
      <UnreadCount />
    </Suspense>
  );
}
