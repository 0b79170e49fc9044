import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { useAdminTranslation } from '../hooks/use-admin-translation';

interface ErrorBoxProps {
  /** what failed, e.g. 'Failed to load orders' */
  title: string;
  /** the server's reason, when there is one worth showing */
  detail?: string;
  /** offers Try Again when given */
  onRetry?: () => void;
  retrying?: boolean;
}

/** SPEC section 8: the red box a failed read or action shows. */
export function ErrorBox({ title, detail, onRetry, retrying = false }: ErrorBoxProps) {
  const { t } = useAdminTranslation();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950/60 dark:text-red-200">
      <div className="flex gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">{title}</p>
          {detail && <p className="mt-0.5">{detail}</p>}
        </div>
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" className="shrink-0" onClick={onRetry} busy={retrying}>
          {!retrying && <RotateCw className="size-4" aria-hidden />}
          {t('tryAgain')}
        </Button>
      )}
    </div>
  );
}
