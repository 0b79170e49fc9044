import { Spinner } from './button';

/** Centered spinner for a page or section that is still loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center text-brand-600 dark:text-brand-200">
      <Spinner />
      <span className="sr-only">{label}</span>
    </div>
  );
}
