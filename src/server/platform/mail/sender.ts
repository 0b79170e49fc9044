import type { Language } from '@shared/languages';
import { serverTexts } from '../i18n/texts';

/** The display name of the default MAIL_FROM (config.ts), in each language (mail catalogue, docs/glossary.md). */
const senderName = (language: Language) => serverTexts(language, 'mail')('senderName');

/**
 * The From header of each language: always the configured address; the display name is MAIL_FROM's
 * in English and, in Spanish, MAIL_FROM_NAME_ES when set, else the Spanish of the default name,
 * else MAIL_FROM's own name (a brand name such as "Frontera" reads the same in both languages).
 */
export function mailSenders(mailFrom: string, spanishName?: string): Record<Language, string> {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(mailFrom);
  const name = match?.[1]?.trim() ?? '';
  const address = match?.[2] ?? mailFrom.trim();
  const es = spanishName?.trim() || (name === senderName('en') ? senderName('es') : name);
  // quoted, so a comma or a colon in the name never splits the header; nodemailer encodes non-ASCII
  const quoted = (display: string) => (display ? `"${display.replace(/["\\]/g, '')}" <${address}>` : address);
  return { en: mailFrom, es: quoted(es) };
}
