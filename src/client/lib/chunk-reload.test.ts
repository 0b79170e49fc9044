// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// the module remembers that it is reloading: each test gets a fresh copy, as a fresh page would
const load = async () => {
  vi.resetModules();
  return import('./chunk-reload');
};

beforeEach(() => sessionStorage.clear());

describe('reloadOnce', () => {
  it('reloads after a failed chunk, then not again within five minutes (no loop), then again later', async () => {
    const reload = vi.fn();
    const first = await load();
    expect(first.reloadOnce(reload, 1_000_000)).toBe(true);
    expect(first.isReloading()).toBe(true);
    // the reloaded page fails again: it stays, to show the error screen
    const second = await load();
    expect(second.reloadOnce(reload, 1_000_000 + 60_000)).toBe(false);
    expect(second.isReloading()).toBe(false);
    // a later deploy in the same tab may reload again
    const later = await load();
    expect(later.reloadOnce(reload, 1_000_000 + 6 * 60_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the tab cannot remember it did (storage blocked)', async () => {
    const { reloadOnce } = await load();
    const reload = vi.fn();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(reloadOnce(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('cancels vite:preloadError while it reloads, and lets the next one through to the error screen', async () => {
    const { installChunkReload } = await load();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      const target = new EventTarget() as Window;
      installChunkReload(target);
      const fire = () => {
        const event = new Event('vite:preloadError', { cancelable: true });
        target.dispatchEvent(event);
        return event.defaultPrevented;
      };
      expect(fire()).toBe(true);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('tells a missing chunk from other errors', async () => {
    const { isChunkLoadError } = await load();
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
