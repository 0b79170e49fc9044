import { describe, expect, it } from 'vitest';
import { standardFormationPriceCents } from './money';
import { formatCalendarDay, formatDate, formatDayRange, formatFileSize, formatLocale, formatNumber, formatPercent, formatUsd, parseIsoDay } from './formats';

const languages = ['en', 'es'] as const;
/** Intl's own answer, in the language's locale (en-US, es-419) */
const intlNumber = (language: 'en' | 'es', value: number, options: Intl.NumberFormatOptions = {}) =>
  new Intl.NumberFormat(formatLocale[language], options).format(value);

describe('the formats of both halves', () => {
  it('writes Spanish as Latin American Spanish (es-419), English as en-US', () => {
    expect(formatLocale).toEqual({ en: 'en-US', es: 'es-419' });
  });

  it('writes numbers as Intl does in en-US and es-419: comma groups, decimal point, in both languages', () => {
    for (const language of languages)
      for (const value of [0, 7, 999, 1000, 2000, 10000, 14200, 123456, 1234567.5, -2500, 0.4])
        for (const digits of [0, 1, 2])
          expect(formatNumber(value, language, digits), `${value} ${language} ${digits}`).toBe(
            intlNumber(language, value, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
          );
    expect(formatNumber(10000, 'es')).toBe('10,000');
    expect(formatNumber(4.7, 'es', 1)).toBe('4.7');
    expect(formatNumber(5, 'es', 1)).toBe('5.0');
  });

  it('says the currency in Spanish: US$399, never a bare $ that reads as pesos; English keeps $399', () => {
    expect(standardFormationPriceCents).toBe(39900);
    expect(formatUsd(39900, 'en')).toBe('$399');
    expect(formatUsd(39900, 'es')).toBe('US$399');
    expect(formatUsd(13875, 'es')).toBe('US$138.75');
    expect(formatUsd(450, 'es')).toBe('US$4.50');
    expect(formatUsd(1420000, 'es')).toBe('US$14,200');
    expect(formatUsd(123456705, 'en')).toBe('$1,234,567.05');
    expect(formatUsd(-250, 'en')).toBe('-$2.50');
    expect(formatUsd(-250, 'es')).toBe('-US$2.50');
    expect(formatUsd(0, 'es')).toBe('US$0');
  });

  it('writes every amount with the number Intl writes for it in the language, after the sign', () => {
    const amounts = [0, 1, 5, 10, 99, 100, 101, 999, 1000, 1050, 9999, 10000, 39900, 99999, 100000, 123456, 1000000, 100000000, 123456789, 99999999999];
    for (const cents of amounts)
      for (const language of languages) {
        const dollars = cents / 100;
        const digits = Number.isInteger(dollars) ? 0 : 2;
        expect(formatUsd(cents, language)).toBe(
          `${language === 'es' ? 'US$' : '$'}${intlNumber(language, dollars, { minimumFractionDigits: digits, maximumFractionDigits: digits })}`,
        );
      }
  });

  it("writes percentages as Intl's en-US and es-419 percent formats do (6.6%, not 6,6 %)", () => {
    for (const language of languages)
      for (const percent of [0, 0.125, 1, 2.5, 3.07, 4.4, 5.75, 6.6, 9.85, 10, 10.75, 13.3, 99.999, 100, 999.5])
        expect(formatPercent(percent, language), `${percent} ${language}`).toBe(
          intlNumber(language, percent / 100, { style: 'percent', maximumFractionDigits: 2 }),
        );
    expect(formatPercent(6.6, 'es')).toBe('6.6%');
  });

  it('writes dates with a time of day through Intl in en-US and es-419', () => {
    const date = new Date(Date.UTC(2025, 3, 25, 15, 5));
    expect(formatDate(date, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('April 25, 2025');
    expect(formatDate(date, 'es', { dateStyle: 'long', timeZone: 'UTC' })).toBe('25 de abril de 2025');
    expect(formatDate(date, 'es', { timeStyle: 'short', timeZone: 'UTC' })).toBe(
      new Intl.DateTimeFormat('es-419', { timeStyle: 'short', timeZone: 'UTC' }).format(date),
    );
  });

  it("writes every month's calendar days as Intl's en-US and es-419 formats do", () => {
    for (const language of languages)
      for (let month = 1; month <= 12; month++)
        for (const day of [1, 9, 10, 28]) {
          const utc = Date.UTC(2026, month - 1, day);
          const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(formatLocale[language], { ...options, timeZone: 'UTC' }).format(utc);
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

  it('writes a span of days in long form, saying a shared month and year once', () => {
    const span = (from: string, to: string, language: 'en' | 'es') => formatDayRange(parseIsoDay(from), parseIsoDay(to), language);
    expect(span('2026-12-11', '2026-12-25', 'es')).toEqual({ from: '11', to: '25 de diciembre de 2026' });
    expect(span('2026-12-11', '2026-12-25', 'en')).toEqual({ from: 'December 11', to: '25, 2026' });
    expect(span('2026-11-28', '2026-12-12', 'es')).toEqual({ from: '28 de noviembre', to: '12 de diciembre de 2026' });
    expect(span('2026-11-28', '2026-12-12', 'en')).toEqual({ from: 'November 28', to: 'December 12, 2026' });
    expect(span('2026-12-28', '2027-01-11', 'es')).toEqual({ from: '28 de diciembre de 2026', to: '11 de enero de 2027' });
  });

  it('writes file sizes with the same number format', () => {
    expect(formatFileSize(10 * 1024 * 1024, 'es')).toBe('10 MB');
    expect(formatFileSize(2.5 * 1024 * 1024, 'es')).toBe('2.5 MB');
    expect(formatFileSize(240 * 1024, 'en')).toBe('240 kB');
    expect(formatFileSize(12, 'en')).toBe('1 kB');
  });
});
