export type Theme = 'light' | 'dark';
const themeStorageKey = 'theme';

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
