import { useEffect, useState } from 'react';

const minuteMs = 60_000;

/** "2 days 3 hr", "3 h 20 min": the two largest units of a duration, as the language writes units. */
export function formatDuration(ms: number, locale: string): string {
  const units = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', minuteMs],
  ] as const;
  const parts: string[] = [];
  let rest = Math.max(ms, minuteMs);
  for (const [unit, size] of units) {
    const value = Math.floor(rest / size);
    rest -= value * size;
    if (value > 0 && parts.length < 2) parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value));
    else if (parts.length > 0) break;
  }
  return parts.join(' ');
}

/** A clock that moves every minute, for "late by" and "waiting for" durations (the lists refresh every minute too). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), minuteMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}
