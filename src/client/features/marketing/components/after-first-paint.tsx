import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children in a transition right after the first paint. The hero paints first, and
 * the long rest of a marketing page is rendered in time-sliced chunks instead of one long task
 * that would block a slow phone's main thread. Until then a screen-tall placeholder keeps the
 * footer out of view, so nothing visible shifts.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : <div className="min-h-screen" />;
}
