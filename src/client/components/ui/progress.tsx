interface ProgressProps {
  value: number;
  max?: number;
  /** Accessible name of the bar, e.g. "Quiz progress". */
  label: string;
  /** What a screen reader says instead of the bare number, e.g. "Question 2 of 6". */
  valueText?: string;
  /** Height and track colours; the defaults suit a page-level progress bar. */
  className?: string;
  indicatorClassName?: string;
}

/** A horizontal progress bar (role=progressbar) that fills value/max of its width. */
export function Progress({
  value,
  max = 100,
  label,
  valueText,
  className = 'h-2 bg-brand-100 dark:bg-brand-800',
  indicatorClassName = 'bg-brand-600 dark:bg-gold-400',
}: ProgressProps) {
  const clamped = Math.min(max, Math.max(0, value));
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={`w-full overflow-hidden rounded-full ${className}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-300 ease-out motion-reduce:transition-none ${indicatorClassName}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
