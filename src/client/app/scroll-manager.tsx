import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@client/lib/router';

/*
 * Where each history entry was scrolled to, by its key and path, for the tab's session: Back and
 * Forward (and a reload) return to it once the page is tall enough again, as a browser does for
 * pages it renders itself. Its own restoration is turned off: it would jump before a lazily
 * loaded page has rendered.
 */
const storageKey = 'scroll-positions';
/** enough for a long visit; the oldest are dropped first */
const maxEntries = 100;
/** how long a restore or an anchor waits for lazily loaded content: two seconds at 60 frames a second */
const maxFrames = 120;

type Positions = Map<string, number>;

function readPositions(): Positions {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]');
    return new Map(
      Array.isArray(stored) ? stored.filter((entry): entry is [string, number] => typeof entry?.[0] === 'string' && Number.isFinite(entry?.[1])) : [],
    );
  } catch {
    return new Map();
  }
}

function savePositions(positions: Positions) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify([...positions].slice(-maxEntries)));
  } catch {
    // storage full or blocked: positions are kept for this page only
  }
}

/** The element id of a hash; a hash that is not valid %-encoding (#%E0) is taken as written. */
export function hashTarget(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Calls `step` each frame until it returns true or its last frame (`last`) is done; returns the cancel. */
function eachFrame(step: (last: boolean) => boolean): () => void {
  let frames = 0;
  let handle = 0;
  const run = () => {
    if (!step(frames === maxFrames) && frames++ < maxFrames) handle = requestAnimationFrame(run);
  };
  run();
  return () => cancelAnimationFrame(handle);
}

/**
 * Back and Forward restore the entry's scroll position; a new navigation goes to the top, or to
 * the anchor of its hash (waiting for lazily loaded sections). After a client-side navigation to
 * a new page (not the first load, not to an anchor, not Back or Forward to a known position)
 * focus goes to the new page's heading (page-focus.ts, loaded then).
 */
/**
 * A new page starts at its top at once: the stylesheet's smooth scrolling is for anchors within a
 * page, and a page change animated from the old page's bottom took most of a second (and moved
 * a page for those who asked for reduced motion, who get no animation anywhere).
 */
const jumpTo = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' });

export function ScrollManager() {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const entry = `${key} ${pathname}${search}`;
  const positions = useRef<Positions>(null);
  // the entry the page on screen belongs to: scroll events are written to it
  const shownEntry = useRef(entry);
  // compared with the last path, so StrictMode's second effect on mount is no navigation
  const shown = useRef(pathname + hash);
  // the position to go back to, read when the entry arrives: before any scroll the new page causes
  const restoreTo = useRef<number | undefined>(undefined);

  useEffect(() => {
    positions.current ??= readPositions();
    const { history } = window;
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const remember = () => {
      // the most recent last, so the oldest are the ones dropped
      positions.current!.delete(shownEntry.current);
      positions.current!.set(shownEntry.current, window.scrollY);
    };
    const save = () => savePositions(positions.current!);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
      history.scrollRestoration = previous;
      save();
    };
  }, []);

  // in the commit, before the browser lays the new page out and clamps the scroll to its height
  useLayoutEffect(() => {
    positions.current ??= readPositions();
    shownEntry.current = entry;
    restoreTo.current = navigationType === 'POP' ? positions.current.get(entry) : undefined;
  }, [entry, navigationType]);

  useEffect(() => {
    const target = restoreTo.current;
    const moved = shown.current !== pathname + hash;
    const newPage = shown.current.split('#')[0] !== pathname;
    shown.current = pathname + hash;
    if (target !== undefined) {
      // Back or Forward to a position we know: there once the page is tall enough to hold it
      return eachFrame((last) => {
        const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
        // a page that no longer grows that tall: as far down as it goes
        if (reachable || last) jumpTo(target);
        return reachable;
      });
    }
    // the same page with other search parameters (a filter, a page of a list) stays where it is
    if (!moved && navigationType !== 'POP') return;
    if (hash) {
      const id = hashTarget(hash);
      return eachFrame(() => {
        const element = document.getElementById(id);
        element?.scrollIntoView();
        return Boolean(element);
      });
    }
    jumpTo(0);
    if (!newPage) return;
    let stop: (() => void) | undefined;
    let live = true;
    void import('./page-focus').then(({ focusNewPage }) => {
      if (live) stop = focusNewPage();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [entry, pathname, hash, navigationType]);
  return null;
}
