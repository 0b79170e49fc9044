import type { Language } from '@shared/languages';

/**
 * The From header of each language: always the configured address; the display name is MAIL_FROM's
 * in English and, in Spanish, MAIL_FROM_NAME_ES when set, else MAIL_FROM's own: the brand (the default
 * is "Frontera"), which people look for in their inbox and which reads the same in both languages.
 */
export function mailSenders(mailFrom: string, spanishName?: string): Record<Language, string> {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(mailFrom);
  const name = match?.[1]?.trim() ?? '';
  const address = match?.[2] ?? mailFrom.trim();
  const es = spanishName?.trim() || name;
  // quoted, so a comma or a colon in the name never splits the header; nodemailer encodes non-ASCII
  const quoted = (display: string) => (display ? `"${display.replace(/["\\]/g, '')}" <${address}>` : address);
  return { en: mailFrom, es: quoted(es) };
}
