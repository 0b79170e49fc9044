import { describe, expect, it } from 'vitest';
import { detectLanguage, formatCalendarDay, formatDate, formatPercent, parseIsoDay, requestLanguage } from './languages';

describe('detectLanguage', () => {
  it('keeps a stored choice over the browser language', () => {
    expect(detectLanguage('en', 'es-MX')).toBe('en');
    expect(detectLanguage('es', 'en-US')).toBe('es');
  });
  it("defaults to 'es' for browser languages starting with es, else 'en'", () => {
    expect(detectLanguage(null, 'es')).toBe('es');
    expect(detectLanguage(null, 'es-AR')).toBe('es');
    expect(detectLanguage(null, 'ES-es')).toBe('es');
    expect(detectLanguage(null, 'en-GB')).toBe('en');
    expect(detectLanguage(null, 'pt-BR')).toBe('en');
    expect(detectLanguage(null, undefined)).toBe('en');
  });
  it('ignores a stored value that is not a supported language', () => {
    expect(detectLanguage('fr', 'es-ES')).toBe('es');
    expect(detectLanguage('', 'en')).toBe('en');
  });
});

describe('requestLanguage', () => {
  it('follows the saved choice in the cookie over what the browser asks for', () => {
    expect(requestLanguage('es', 'en-US,en;q=0.9')).toBe('es');
    expect(requestLanguage('en', 'es-MX,es;q=0.9')).toBe('en');
  });
  it('otherwise takes the first language the browser asks for, as navigator.language does', () => {
    expect(requestLanguage(undefined, 'es-419,es;q=0.9,en;q=0.8')).toBe('es');
    expect(requestLanguage(undefined, 'en-GB,es;q=0.9')).toBe('en');
    expect(requestLanguage(undefined, ' es ')).toBe('es');
  });
  it("is 'en' without a usable cookie or header", () => {
    expect(requestLanguage(undefined, undefined)).toBe('en');
    expect(requestLanguage('fr', '')).toBe('en');
    expect(requestLanguage('<script>', '*')).toBe('en');
  });
});

describe('formatDate', () => {
  it('formats with en-US and es-ES', () => {
    const date = new Date(Date.UTC(2025, 3, 25, 12));
    expect(formatDate(date, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('April 25, 2025');
    expect(formatDate(date, 'es', { dateStyle: 'long', timeZone: 'UTC' })).toBe('25 de abril de 2025');
  });
});

describe('formatCalendarDay and formatPercent', () => {
  const locale = { en: 'en-US', es: 'es-ES' } as const;

  it("write every month's days as Intl's en-US and es-ES formats do", () => {
    for (const language of ['en', 'es'] as const)
      for (let month = 1; month <= 12; month++)
        for (const day of [1, 9, 10, 28]) {
          const utc = Date.UTC(2026, month - 1, day);
          const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale[language], { ...options, timeZone: 'UTC' }).format(utc);
          const calendarDay = { year: 2026, month, day };
          expect(formatCalendarDay(calendarDay, language, 'medium')).toBe(intl({ dateStyle: 'medium' }));
          expect(formatCalendarDay(calendarDay, language, 'long')).toBe(intl({ dateStyle: 'long' }));
          expect(formatCalendarDay(calendarDay, language, 'month-day')).toBe(intl({ month: 'long', day: 'numeric' }));
        }
  });

  it('reads an ISO day, with or without a time after it', () => {
    expect(parseIsoDay('2026-06-03')).toEqual({ year: 2026, month: 6, day: 3 });
    expect(parseIsoDay('2026-12-31T00:00:00Z')).toEqual({ year: 2026, month: 12, day: 31 });
    expect(formatCalendarDay(parseIsoDay('2026-09-01'), 'es', 'long')).toBe('1 de septiembre de 2026');
  });

  it("writes percentages as Intl's en-US and es-ES percent formats do", () => {
    for (const language of ['en', 'es'] as const)
      for (const percent of [0, 0.125, 1, 2.5, 3.07, 4.4, 5.75, 6.6, 9.85, 10, 10.75, 13.3, 99.999, 100, 999.5])
        expect(formatPercent(percent, language), `${percent} ${language}`).toBe(
          new Intl.NumberFormat(locale[language], { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100),
        );
  });
});
