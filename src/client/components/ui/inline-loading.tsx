import { Spinner } from './button';

/** A spinner with its label spelled out (a polite status), for a section, not a whole page, that is loading. */
export function InlineLoading({ label, className = 'py-10' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 text-sm text-muted ${className}`}>
      <Spinner className="size-5 text-brand-600 dark:text-gold-300" />
      <span>{label}</span>
    </div>
  );
}
