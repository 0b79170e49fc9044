/**
 * After a client-side navigation: the new page's h1 takes focus, or <main> if none shows within
 * about two seconds (120 frames). Focus would otherwise fall to <body>, and the heading read out
 * is the page's name. Not when the page has put focus in <main> itself (the wizard's step
 * heading, a field). Loaded on the first navigation (ScrollManager), not with the first page.
 * Returns a function that stops waiting.
 */
export function focusNewPage(): () => void {
  let frames = 0;
  let handle = 0;
  const settle = () => {
    const main = document.getElementById('main');
    const active = document.activeElement;
    if (!main || (active !== main && main.contains(active))) return;
    const target = main.querySelector('h1') ?? (frames >= 120 ? main : null);
    if (target) {
      target.tabIndex = -1;
      target.focus({ preventScroll: true });
    } else {
      frames += 1;
      handle = requestAnimationFrame(settle);
    }
  };
  settle();
  return () => cancelAnimationFrame(handle);
}
