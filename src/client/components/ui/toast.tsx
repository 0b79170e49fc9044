import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTheme } from '@client/lib/theme';

/*
 * Toasts (sonner) load on the first toast, not with the page: the home page never pays for them.
 */
let mounted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));


export function ToastHost() {
  const show = useSyncExternalStore(subscribe, () => mounted, () => false);
  // toasts follow the page theme
  const theme = useTheme();
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      {/* bottom-right: a toast must never cover the header navigation (the user keeps working under it) */}
      <Toaster position="bottom-right" richColors closeButton theme={theme} />
    </Suspense>
  );
}

type Kind = 'success' | 'error' | 'info' | 'loading';

/** Shows a toast; returns its id so a progress toast can be replaced or dismissed. */
export async function toast(kind: Kind, title: string, description?: string, id?: string | number): Promise<string | number> {
  const { toast: sonner } = await import('sonner');
  if (!mounted) {
    mounted = true;
    listeners.forEach((listener) => listener());
  }
  return sonner[kind](title, { description, id });
}
