import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface ErrorBoxProps {
  /** what failed, e.g. 'Failed to load orders', or a form's failure message */
  title: string;
  /** the reason (e.g. the server's translated message), when there is one worth showing */
  detail?: string;
  /** offers Try Again when given */
  onRetry?: () => void;
  /** true while the retry is on its way: the button is busy */
  retrying?: boolean;
  className?: string;
}

/**
 * SPEC section 8: the red box a failed read or action shows, announced at once (role alert);
 * its Try Again asks again. Every page uses this one, in the interface language.
 */
export function ErrorBox({ title, detail, onRetry, retrying = false, className = '' }: ErrorBoxProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={`flex flex-col items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950/60 dark:text-red-200 ${className}`}
    >
      <div className="flex min-w-0 gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="min-w-0 break-words">
          <p className="font-semibold">{title}</p>
          {detail && <p className="mt-0.5">{detail}</p>}
        </div>
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" className="shrink-0" onClick={onRetry} busy={retrying}>
          {!retrying && <RotateCw className="size-4" aria-hidden />}
          {t('tryAgain', { ns: 'common' })}
        </Button>
      )}
    </div>
  );
}
