export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

/** SPEC section 1: localStorage key for the interface language. */
export const languageStorageKey = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** SPEC section 1: 'es' when the browser language starts with es, otherwise 'en'. */
export function detectLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** The same choice as a cookie, so the server can send a prerendered page in that language. */
export const languageCookie = 'lang';

/**
 * The language of a page rendered on the server: the visitor's saved choice (cookie), else the
 * first language the browser asks for, which is what navigator.language reports to the client.
 */
export function requestLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  return detectLanguage(cookie ?? null, acceptLanguage?.split(',')[0]?.trim());
}

/**
 * The title of a page the server sends as the plain app shell (not prerendered), until the page
 * sets its own: in the visitor's language, as the page will be. English is index.html's.
 */
export const shellTitle: Record<Language, string> = {
  en: 'Frontera — US LLC formation and EIN',
  es: 'Frontera — Constitución de LLC en EE. UU. y EIN',
};

/** Dates are formatted with es-ES or en-US according to the language. */
export const dateLocale: Record<Language, string> = { en: 'en-US', es: 'es-ES' };

export function formatDate(value: Date | string, language: Language, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(dateLocale[language], options ?? { dateStyle: 'long' }).format(date);
}

/*
 * Calendar days and percentages are written out here, not asked of Intl: a browser's first
 * DateTimeFormat or NumberFormat loads ICU data, 20–110 ms of main thread on a phone, on the public
 * pages that show a date ("last verified …") or a tax rate. Written out, the server's and the
 * browser's text are the same by construction. languages.test.ts holds them to Intl's output.
 */
const monthNames: Record<Language, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};
/** CLDR's abbreviations: three letters, but Spanish "sept" */
const shortMonth = (language: Language, month: number) => {
  const name = monthNames[language][month - 1]!;
  return name.slice(0, language === 'es' && month === 9 ? 4 : 3);
};

/**
 * A calendar day (no time of day, no time zone) as es-ES / en-US write it: 'month-day' "June 3" /
 * "3 de junio", 'medium' "Jun 3, 2026" / "3 jun 2026", 'long' "June 3, 2026" / "3 de junio de 2026".
 */
export function formatCalendarDay(day: { year?: number; month: number; day: number }, language: Language, style: 'month-day' | 'medium' | 'long'): string {
  const month = style === 'medium' ? shortMonth(language, day.month) : monthNames[language][day.month - 1]!;
  if (language === 'es') {
    if (style === 'medium') return `${day.day} ${month} ${day.year}`;
    return style === 'long' ? `${day.day} de ${month} de ${day.year}` : `${day.day} de ${month}`;
  }
  return style === 'month-day' ? `${month} ${day.day}` : `${month} ${day.day}, ${day.year}`;
}

/** "2026-06-03" as the calendar day it names. */
export function parseIsoDay(isoDay: string): { year: number; month: number; day: number } {
  const [year, month, day] = isoDay.slice(0, 10).split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

/** A percentage under 1,000 with up to two decimals: "5.75%" / "5,75 %". */
export function formatPercent(percent: number, language: Language): string {
  const digits = String(Math.round(percent * 100) / 100);
  return language === 'es' ? `${digits.replace('.', ',')}\u00a0%` : `${digits}%`;
}
