/**
 * docs/product.md, "Constants and limits": the date the Terms, Privacy and Refund policies were last updated. Recorded with
 * each order's consent at checkout (orders.terms_version), so a later revision shows who accepted
 * what. Zod-free: the legal pages show it.
 */
export const termsVersion = '2025-04-25';
