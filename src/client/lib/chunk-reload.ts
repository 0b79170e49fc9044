/**
 * Every page is a lazy chunk with a hashed, immutably cached name. After a deploy, a tab opened
 * before it asks for chunks that no longer exist: reloading fetches the new index.html and its
 * chunks. Once only: a chunk that is still missing after the reload (a broken deploy, an offline
 * phone) must end on the error screen, never in a reload loop.
 */
const reloadedAtKey = 'frontera:chunk-reload-at';
/** a second failure this soon after our own reload means reloading does not help */
const loopWindowMs = 5 * 60_000;

let reloading = false;

/** True while the page is going away because of reloadOnce(): show a spinner, not an error. */
export const isReloading = () => reloading;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script|Unable to preload CSS/i.test(error.message);
}

function readReloadedAt(): number {
  try {
    return Number(sessionStorage.getItem(reloadedAtKey)) || 0;
  } catch {
    return 0;
  }
}

/** Reloads the page unless this tab already did so recently; says whether it reloads. */
export function reloadOnce(reload: () => void = () => window.location.reload(), now = Date.now()): boolean {
  if (reloading) return true;
  if (now - readReloadedAt() < loopWindowMs) return false;
  try {
    sessionStorage.setItem(reloadedAtKey, String(now));
  } catch {
    // no storage (private mode, blocked): no way to remember the reload, so do not risk a loop
    return false;
  }
  reloading = true;
  reload();
  return true;
}

/**
 * Vite fires `vite:preloadError` when a lazy import or its preloaded dependencies fail to load.
 * Cancelling it while the page reloads keeps the error from reaching the screen.
 */
export function installChunkReload(target: Window = window) {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
