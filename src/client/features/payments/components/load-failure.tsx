import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** A read that failed for a reason other than "not yours": the message and a retry. */
export function LoadFailure({ message, retryLabel, onRetry, retrying }: { message: string; retryLabel: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950/60 dark:text-red-200">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert className="size-4 shrink-0" aria-hidden />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} busy={retrying}>
        {!retrying && <RotateCw className="size-4" aria-hidden />}
        {retryLabel}
      </Button>
    </div>
  );
}
