/**
 * Text made safe inside HTML elements and quoted attributes alike: the five characters that can
 * end an element or an attribute (OWASP's output encoding for HTML contexts). Every page and email
 * the server writes uses this one.
 */
export const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
