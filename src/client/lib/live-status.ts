import { useSyncExternalStore } from 'react';

/*
 * Whether the tab's live stream (lib/live-events.ts) is open, apart from the stream itself: the
 * thread and the header's count read it to stop polling, without loading the stream's code.
 */

export type LiveStatus = 'off' | 'connecting' | 'open';

let status: LiveStatus = 'off';
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the live stream is open now: a component that polls may stop while it is (and start again when it drops). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => status === 'open',
    () => false,
  );
}
