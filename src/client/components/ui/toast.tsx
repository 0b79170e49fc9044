import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { useTheme } from '@client/lib/theme';

/*
 * Toasts (sonner) load once the page is idle (or on the first toast, if sooner), not with the page:
 * the home page's first load never pays for them, and the live region they are read from is in
 * the document before the first toast, so screen readers announce it.
 */
let mounted = false;
const listeners = new Set<() => void>();
const mount = () => {
  if (mounted) return;
  mounted = true;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** sonner's own shortcut to the toasts (Alt+T), said in the region's name */
const hotkey = 'Alt+T';

export function ToastHost() {
  const { t } = useTranslation();
  const show = useSyncExternalStore(
    subscribe,
    () => mounted,
    () => false,
  );
  useEffect(() => {
    const idle = window.requestIdleCallback ?? setTimeout;
    idle(mount);
  }, []);
  // toasts follow the page theme
  const theme = useTheme();
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      {/* bottom-right: a toast must never cover the header navigation (the user keeps working under it) */}
      <Toaster
        position="bottom-right"
        richColors
        closeButton
        theme={theme}
        // sonner's own names are English ("Notifications alt+T", "Close toast"): in the reader's language
        customAriaLabel={t('toasts.region', { hotkey })}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
    </Suspense>
  );
}

type Kind = 'success' | 'error' | 'info' | 'loading';

/** Shows a toast; returns its id so a progress toast can be replaced or dismissed. */
export async function toast(kind: Kind, title: string, description?: string, id?: string | number): Promise<string | number> {
  const { toast: sonner } = await import('sonner');
  mount();
  return sonner[kind](title, { description, id });
}
