/**
 * The account made in this tab: its first dashboard greets a newcomer ("Welcome"), not a returning
 * customer ("Welcome back"). Kept for the tab, so a reload of that first visit still says it.
 */
const storageKey = 'frontera.newAccount';
/** where the id waits when the tab refuses storage */
let memory: string | undefined;

export function markNewAccount(userId: string): void {
  try {
    sessionStorage.setItem(storageKey, userId);
  } catch {
    // storage refused: this page load knows it
    memory = userId;
  }
}

export function isNewAccount(userId: string): boolean {
  try {
    return sessionStorage.getItem(storageKey) === userId;
  } catch {
    return memory === userId;
  }
}
