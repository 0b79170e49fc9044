import { Download, Rocket } from 'lucide-react';
import { buttonClasses } from '@client/components/ui/button';
import { ErrorBox, InlineLoading, Panel } from '@client/components/ui/data-views';
import { launchListCsvPath, useLaunchListSummary } from '@client/lib/api/admin-users';
import { errorMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/** The presale launch list: how many addresses, and the CSV (a plain link: the browser sends the cookie). */
export function LaunchListPanel() {
  const { t } = useAdminTranslation();
  const { number } = useFormats();
  const summary = useLaunchListSummary();
  return (
    <Panel compact title={t('launchList.title')} icon={Rocket} lead={t('launchList.lead')}>
      {summary.isPending ? (
        <InlineLoading label={t('launchList.loading')} className="py-2" />
      ) : summary.isError ? (
        <ErrorBox
          title={t('launchList.loadError')}
          detail={errorMessage(t, summary.error)}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-lg font-semibold tabular-nums" data-testid="launch-list-count">
            {t('launchList.count', { count: summary.data.count, formatted: number(summary.data.count) })}
          </p>
          <a href={launchListCsvPath} download className={buttonClasses('outline', 'sm')}>
            <Download className="size-4" aria-hidden />
            {t('launchList.download')}
          </a>
        </div>
      )}
    </Panel>
  );
}
