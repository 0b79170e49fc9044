import { useEffect, useRef } from 'react';
import { useLocation } from '@client/lib/router';

/**
 * Top of the page on navigation; to the anchor when the URL has a hash (e.g. /#faq), waiting
 * for lazily loaded sections to appear. After a client-side navigation (not the first load, not
 * to an anchor) focus goes to the new page's heading (page-focus.ts, loaded then).
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  // compared with the last path, so StrictMode's second effect on mount is no navigation
  const shown = useRef(pathname);
  useEffect(() => {
    const moved = shown.current !== pathname;
    shown.current = pathname;
    if (!hash) {
      window.scrollTo(0, 0);
      if (!moved) return;
      let stop: (() => void) | undefined;
      let live = true;
      void import('./page-focus').then(({ focusNewPage }) => {
        if (live) stop = focusNewPage();
      });
      return () => {
        live = false;
        stop?.();
      };
    }
    const id = decodeURIComponent(hash.slice(1));
    let frames = 0;
    let handle = 0;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      else if (frames++ < 120) handle = requestAnimationFrame(tryScroll);
    };
    tryScroll();
    return () => cancelAnimationFrame(handle);
  }, [pathname, hash]);
  return null;
}
