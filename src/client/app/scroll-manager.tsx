import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Top of the page on navigation; to the anchor when the URL has a hash (e.g. /#faq), waiting
 * for lazily loaded sections to appear.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
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
