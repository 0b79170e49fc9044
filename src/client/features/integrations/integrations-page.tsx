import { CreditCard, Database, Gauge, HardDrive, type LucideIcon, Mail, RotateCw } from 'lucide-react';
import type { TIntegrationsStatus } from '@shared/admin-users';
import { Button } from '@client/components/ui/button';
import { ListPage, ListResults } from '@client/components/list-page';
import { Panel } from '@client/components/ui/data-views';
import { useIntegrations } from '@client/lib/api/admin-users';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { FactGrid, type FactPair } from '@client/components/fact-list';
import { JobRunsPanel } from './job-runs-panel';

function Reachable({ state }: { state: 'up' | 'down' }) {
  const { t } = useAdminTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1.5 font-semibold ${state === 'up' ? 'text-green-800 dark:text-green-300' : 'text-red-800 dark:text-red-300'}`}
    >
      <span className={`size-2 rounded-full ${state === 'up' ? 'bg-green-600' : 'bg-red-600'}`} aria-hidden />
      {t(`integrations.${state}`)}
    </span>
  );
}

/** One concern: its provider, then its facts as a description list. */
function IntegrationCard({ title, icon, facts }: { title: string; icon: LucideIcon; facts: FactPair[] }) {
  return (
    <Panel compact title={title} icon={icon}>
      <FactGrid facts={facts} className="gap-y-2" />
    </Panel>
  );
}

function IntegrationCards({ status }: { status: TIntegrationsStatus }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const { database, storage, mail, payments, rateLimits } = status;
  const provider = t('integrations.provider');
  const state = t('integrations.state');
  const { number } = format;
  const failure = mail.lastFailure;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="integrations">
      <IntegrationCard
        title={t('integrations.database.title')}
        icon={Database}
        facts={[
          [provider, t(`integrations.database.${database.kind}`)],
          [state, <Reachable key="s" state={database.reachable} />],
          [
            t('integrations.database.migrations'),
            t('integrations.database.migrationsValue', { applied: number(database.migrationsApplied), known: number(database.migrationsKnown) }),
          ],
          [
            t('integrations.database.lastMigration'),
            database.lastMigration ? (
              <code key="m" className="text-xs break-all">
                {database.lastMigration}
              </code>
            ) : (
              t('integrations.database.none')
            ),
          ],
        ]}
      />
      <IntegrationCard
        title={t('integrations.storage.title')}
        icon={HardDrive}
        facts={[
          [provider, t(`integrations.storage.${storage.kind}`)],
          [state, <Reachable key="s" state={storage.reachable} />],
        ]}
      />
      <IntegrationCard
        title={t('integrations.mail.title')}
        icon={Mail}
        facts={[
          [provider, t(`integrations.mail.${mail.kind}`)],
          [t('integrations.mail.backlog'), number(mail.backlog)],
          [t('integrations.mail.failed'), number(mail.failed)],
          [
            t('integrations.mail.lastFailure'),
            failure ? (
              <span key="f">
                <span className="block font-mono text-xs break-all">{failure.error}</span>
                <span className="block text-xs text-muted">
                  {t('integrations.mail.failureWhen', {
                    date: format.dateTime(failure.queuedAt),
                    attempts: number(failure.attempts),
                    state: t(failure.final ? 'integrations.mail.final' : 'integrations.mail.retrying'),
                  })}
                </span>
              </span>
            ) : (
              t('integrations.mail.noFailure')
            ),
          ],
        ]}
      />
      <IntegrationCard
        title={t('integrations.payments.title')}
        icon={CreditCard}
        facts={[
          [provider, t(`integrations.payments.${payments.kind}`)],
          [t('integrations.payments.webhookSecret'), t(payments.webhookSecretSet ? 'integrations.payments.set' : 'integrations.payments.notSet')],
          [t('integrations.payments.lastEvent'), payments.lastEventAt ? format.dateTime(payments.lastEventAt) : t('integrations.payments.noEvent')],
        ]}
      />
      <IntegrationCard
        title={t('integrations.rateLimits.title')}
        icon={Gauge}
        facts={[
          [provider, t(`integrations.rateLimits.${rateLimits.kind}`)],
          [state, <Reachable key="s" state={rateLimits.reachable} />],
        ]}
      />
    </div>
  );
}

/** /admin/integrations: read-only; the server sends kinds, counts and times, never a setting's value. */
export function IntegrationsPage() {
  const { t } = useAdminTranslation();
  usePageTitle(t('meta.integrations'));
  const format = useFormats();
  const status = useIntegrations();
  return (
    <ListPage
      title={t('integrations.title')}
      lead={t('integrations.lead')}
      aside={
        status.isSuccess && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="text-sm text-muted">{t('integrations.checkedAt', { time: format.dateTime(status.data.checkedAt) })}</p>
            {/* one line: a wrapped label overflows the button's fixed height */}
            <Button variant="outline" size="sm" className="whitespace-nowrap" busy={status.isFetching} onClick={() => void status.refetch()}>
              {!status.isFetching && <RotateCw className="size-4" aria-hidden />}
              {t('integrations.refresh')}
            </Button>
          </div>
        )
      }
    >
      <ListResults
        query={status}
        className="mt-6"
        loading={t('integrations.loading')}
        loadError={t('integrations.loadError')}
        errorDetail={errorMessage(t, status.error)}
      >
        {status.data && (
          <div className="grid gap-6">
            <IntegrationCards status={status.data} />
            <JobRunsPanel jobs={status.data.jobs} />
          </div>
        )}
      </ListResults>
    </ListPage>
  );
}
