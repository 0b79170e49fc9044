/**
 * react-i18next imports `use-sync-external-store/shim`, a CommonJS polyfill for React 17 and older.
 * React 19 has the hook itself: vite.config.ts points the shim here, which keeps the polyfill and
 * its CommonJS wrapper out of every page's first load.
 */
export { useSyncExternalStore } from 'react';
