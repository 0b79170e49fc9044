import { useEffect, useState } from 'react';
import { useTranslation } from '@client/lib/i18n';

const units = ['days', 'hours', 'minutes', 'seconds'] as const;
type Parts = Record<(typeof units)[number], number>;

/** Whole seconds as days, hours, minutes and seconds. */
export function splitDuration(totalSeconds: number): Parts {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3_600), minutes: Math.floor((s % 3_600) / 60), seconds: s % 60 };
}

export const toSeconds = ({ days, hours, minutes, seconds }: Parts) => days * 86_400 + hours * 3_600 + minutes * 60 + seconds;

/**
 * Seconds left until the moment `at` (ms since the epoch), each second, stopping at zero; null until
 * mounted: the server and the hydrating browser render the same empty tiles, whatever their clocks.
 */
export function useCountdownTo(at: number): number | null {
  const [remaining, setRemaining] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => Math.max(0, Math.round((at - Date.now()) / 1000));
    setRemaining(tick());
    const timer = setInterval(() => {
      const left = tick();
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return remaining;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Four tiles (days, hours, minutes, seconds); `tone` suits a dark hero or a light bar; null seconds: not known yet ("--"). */
export function CountdownDisplay({
  seconds,
  label,
  tone = 'dark',
  size = 'lg',
}: {
  seconds: number | null;
  label: string;
  tone?: 'dark' | 'light';
  size?: 'sm' | 'lg';
}) {
  const { t } = useTranslation('jv');
  const parts = seconds === null ? null : splitDuration(seconds);
  const tile = tone === 'dark' ? 'bg-white/10 text-white ring-1 ring-white/20' : 'bg-brand-800 text-white dark:bg-brand-900';
  const digits = size === 'lg' ? 'text-3xl sm:text-5xl' : 'text-lg sm:text-xl';
  return (
    // role=timer is polite by default: a screen reader is not interrupted every second
    <div role="timer" aria-label={parts ? `${label}: ${t('countdown.value', parts)}` : label} data-testid="countdown" data-remaining={seconds ?? undefined}>
      {/* equal tiles in a row, never narrower than their label: at large text they wrap instead of overlapping */}
      <ol className={`flex flex-wrap justify-center ${size === 'lg' ? 'gap-2 sm:gap-4' : 'gap-1.5'}`} aria-hidden>
        {units.map((unit) => (
          <li
            key={unit}
            className={`flex min-w-min flex-1 basis-0 flex-col items-center rounded-xl ${tile} ${size === 'lg' ? 'px-2 py-3 sm:py-5' : 'px-1.5 py-1'}`}
          >
            <span className={`font-extrabold tabular-nums ${digits}`} data-unit={unit}>
              {parts ? pad(parts[unit]) : '--'}
            </span>
            <span className={`uppercase tracking-wide ${size === 'lg' ? 'mt-1 text-xs text-brand-100' : 'text-[0.625rem] text-brand-100'}`}>
              {t(`countdown.${unit}`)}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
