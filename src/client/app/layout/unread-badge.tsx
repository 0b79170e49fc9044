import { lazy, Suspense, type ReactNode } from 'react';
import type { BadgeCount } from './unread-count';

// the count's query library is not in the first load of public pages: it comes with the signed-in header
const UnreadCount = lazy(() => import('./unread-count'));

/**
 * A header link's label with a count (see unread-count.tsx) at its top right corner, in a desktop
 * row and a phone menu alike; nothing while it loads, or when `counts` is off (false).
 */
export function UnreadBadge({ counts, children }: { counts: BadgeCount | false; children: ReactNode }) {
  return (
    <span className="relative">
      {children}
      {counts && (
        <Suspense fallback={null}>
          <UnreadCount counts={counts} />
        </Suspense>
      )}
    </span>
  );
}
