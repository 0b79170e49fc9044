import { useSyncExternalStore } from 'react';
import { themeStorageKey } from '@shared/theme';

export type Theme = 'light' | 'dark';

export function initialTheme(): Theme {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // storage unavailable: follow the system
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, persist = true): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  if (!persist) return;
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** The page theme is a class on <html>; this follows it. */
const subscribeTheme = (listener: () => void) => {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
};
const currentTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** The current theme; 'light' while a prerendered page hydrates (the server cannot know), then the real one. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, currentTheme, () => 'light');
}
