// The ticket form's limits (and those of the team's replies and notes), zod-free so the form's page can count words before it loads the
// schema (client/lib/lazy-resolver.ts); support.ts builds its schemas from them.
/** docs/product.md, "Validation", "Constants and limits": a support message or affiliate request has 3 to 100 words. */
export const messageMinWords = 3;
export const messageMaxWords = 100;
/** 100 words of ordinary prose fit well inside this; it only stops a pasted blob. */
export const messageMaxLength = 2000;
/** An administrator's reply or internal note on a ticket (support.ts), and a note on an order (admin.ts). */
export const ticketMessageMaxLength = 2000;
export const noteMaxLength = 2000;
/** A message in an order's thread (order-messages.ts). */
export const orderMessageMaxLength = 4000;
export const nameMinLength = 2;
export const nameMaxLength = 100;

/** Words are what remains after splitting on any run of whitespace (spaces, tabs, newlines). */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** The only origin besides "none" (an ordinary ticket): an affiliate application. */
export const affiliateOrigin = 'Affiliate';
