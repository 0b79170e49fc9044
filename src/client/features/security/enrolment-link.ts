/**
 * An administrator sets up their second factor only with the one-time link an operator gave them
 * (ADR 0027): `/admin#enrolment=TOKEN`. The token is in the fragment, which the browser never sends
 * to a server; it is kept for this tab (the sign-in the admin area may ask for first would lose
 * the address) and taken out of the address bar, so it is neither bookmarked nor shared.
 */
const storageKey = 'frontera.enrolment';
/** where the token waits when the tab refuses storage */
let memory: string | undefined;

export function captureEnrolmentLink(location: Location = window.location, history: History = window.history): void {
  const match = /^#enrolment=([\w-]{20,200})$/.exec(location.hash);
  if (!match) return;
  try {
    sessionStorage.setItem(storageKey, match[1]!);
  } catch {
    // storage refused (a private window's quota): the link works while the page stays open
    memory = match[1];
  }
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

/** The token of the link this tab opened, if any. */
export function enrolmentToken(): string | undefined {
  try {
    return sessionStorage.getItem(storageKey) ?? memory;
  } catch {
    return memory;
  }
}

/** Once the factor is set up the link is used up: nothing of it stays in the tab. */
export function forgetEnrolmentLink(): void {
  memory = undefined;
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // nothing stored
  }
}
