import { TriangleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  /** true while the retry is on its way */
  retrying: boolean;
}

/** What a failed read shows: the message and Try Again (which asks the server again). */
export function LoadError({ message, onRetry, retrying }: LoadErrorProps) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950/60 dark:text-red-200">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert className="size-4 shrink-0" aria-hidden />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} busy={retrying}>
        {!retrying && <RotateCw className="size-4" aria-hidden />}
        {t('tryAgain')}
      </Button>
    </div>
  );
}
