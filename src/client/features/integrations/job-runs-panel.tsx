import { Timer } from 'lucide-react';
import { knownJobNames, type TJobStatus, type TKnownJobName } from '@shared/admin-users';
import { Panel } from '@client/components/ui/data-views';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { FactGrid, type FactPair } from '@client/components/fact-list';

/** Each job the server declares, by its title key (a job this version does not know shows its name). */
const jobTitles = {
  mailOutbox: 'integrations.jobs.names.mailOutbox',
  paymentReminders: 'integrations.jobs.names.paymentReminders',
  documentEmails: 'integrations.jobs.names.documentEmails',
  messageEmails: 'integrations.jobs.names.messageEmails',
  requestReminders: 'integrations.jobs.names.requestReminders',
  overdueAlerts: 'integrations.jobs.names.overdueAlerts',
  complianceReminders: 'integrations.jobs.names.complianceReminders',
  fileSweep: 'integrations.jobs.names.fileSweep',
  userChangesPruning: 'integrations.jobs.names.userChangesPruning',
  identityRetention: 'integrations.jobs.names.identityRetention',
  dataExports: 'integrations.jobs.names.dataExports',
  dataExportCleanup: 'integrations.jobs.names.dataExportCleanup',
} as const satisfies Record<TKnownJobName, string>;

const isKnownJob = (name: string): name is TKnownJobName => (knownJobNames as readonly string[]).includes(name);

const outcomeColors: Record<NonNullable<TJobStatus['lastRun']>['outcome'], string> = {
  running: 'text-brand-700 dark:text-gold-300',
  succeeded: 'text-green-800 dark:text-green-300',
  failed: 'text-amber-800 dark:text-amber-300',
  dead: 'text-red-800 dark:text-red-300',
};

function JobRun({ job }: { job: TJobStatus }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const { number } = format;
  const title = isKnownJob(job.name) ? t(jobTitles[job.name]) : job.name;
  const seconds = Math.round(job.everyMs / 1000);
  const schedule =
    job.kind === 'queued'
      ? t('integrations.jobs.queued')
      : seconds % 3600 === 0
        ? t('integrations.jobs.everyHours', { count: seconds / 3600 })
        : seconds % 60 === 0
          ? t('integrations.jobs.everyMinutes', { count: seconds / 60 })
          : t('integrations.jobs.everySeconds', { count: seconds });
  const run = job.lastRun;
  const duration = (ms: number) =>
    ms < 1000 ? t('integrations.jobs.milliseconds', { value: number(ms) }) : t('integrations.jobs.seconds', { value: number(ms / 1000, 1) });
  const outcome = run && (
    <span className={`font-semibold ${outcomeColors[run.outcome]}`}>
      {run.outcome === 'failed'
        ? t('integrations.jobs.failed', { attempts: number(run.attempts), max: number(run.maxAttempts) })
        : run.outcome === 'dead'
          ? t('integrations.jobs.dead', { attempts: number(run.attempts) })
          : t(`integrations.jobs.${run.outcome}`)}
    </span>
  );
  const facts: FactPair[] = [
    [t('integrations.jobs.schedule'), schedule],
    [
      t('integrations.jobs.lastRun'),
      run
        ? run.durationMs === null
          ? format.dateTime(run.startedAt)
          : t('integrations.jobs.lastRunValue', { date: format.dateTime(run.startedAt), duration: duration(run.durationMs) })
        : t('integrations.jobs.neverRun'),
    ],
  ];
  if (outcome) facts.push([t('integrations.jobs.outcome'), outcome]);
  if (run?.error) facts.push([t('integrations.jobs.error'), <span className="font-mono text-xs break-all">{run.error}</span>]);
  if (job.queue)
    facts.push([t('integrations.jobs.queue'), t('integrations.jobs.queueValue', { pending: number(job.queue.pending), dead: number(job.queue.dead) })]);
  else facts.push([t('integrations.jobs.nextRun'), format.dateTime(job.nextRunAt)]);
  if (run && run.outcome !== 'succeeded')
    facts.push([t('integrations.jobs.lastSuccess'), job.lastSucceededAt ? format.dateTime(job.lastSucceededAt) : t('integrations.jobs.noSuccess')]);
  return (
    <li className="min-w-0 rounded-lg border border-line p-3 sm:p-4">
      <h3 className="font-semibold text-fg">{title}</h3>
      <FactGrid facts={facts} className="mt-2 gap-y-1.5" />
    </li>
  );
}

/** The job registry's run records (ADR 0022): when each job last ran, how long it took and how it ended. */
export function JobRunsPanel({ jobs }: { jobs: TJobStatus[] }) {
  const { t } = useAdminTranslation();
  return (
    <Panel title={t('integrations.jobs.title')} icon={Timer} lead={t('integrations.jobs.lead')}>
      {jobs.length === 0 ? (
        <p className="text-sm text-muted">{t('integrations.jobs.none')}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {jobs.map((job) => (
            <JobRun key={job.name} job={job} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
