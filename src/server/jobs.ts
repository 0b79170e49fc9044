import type { FastifyInstance } from 'fastify';
import type { TKnownJobName } from '@shared/admin-users';
import { promiseHoursOf } from '@server/config';
import { pruneUserChanges } from '@server/db/user-changes';
import { dataExportQueue, deleteExpiredDataExports, prepareDataExport, type PrepareDataExportOptions } from '@server/features/account-data/data-export';
import { sendDocumentEmails } from '@server/features/orders/document-emails';
import { sendOverdueAlerts } from '@server/features/queue/overdue-alerts';
import { sendComplianceReminders } from '@server/features/compliance/compliance-reminders';
import { sendMessageEmails, sendRequestReminders } from '@server/features/order-messages/order-messages.service';
import { deleteExpiredIdentityDocuments } from '@server/features/identity-documents/retention';
import { sendPaymentReminders } from '@server/features/orders/payment-reminders';
import { orderPaymentDocuments } from '@server/features/payments/payment-documents';
import { filingSettingsOf, orderPacketDocuments } from '@server/features/filing/filing.service';
import { businessOf } from '@server/features/payments/receipt';
import { pruneUserEvents } from '@server/platform/events/live-hub';
import { JobRegistry, periodicJob, queuedJob, type Job } from '@server/platform/jobs/job-registry';
import { sweepOrphanFiles } from '@server/platform/storage/sweeper';

const minute = 60_000;

/**
 * What "Download my data" puts beside the account's rows from the features that make it, composed
 * here since features do not import each other (ADR 0024): the receipt and credit notes as the
 * payments feature renders them for download, and the filing packet's documents (none yet: the
 * filing feature's hook goes here).
 */
export function dataExportFiles(
  services: Pick<FastifyInstance['services'], 'config' | 'mail' | 'storage'>,
): Pick<PrepareDataExportOptions, 'paymentDocuments' | 'packetDocuments'> {
  const business = businessOf(services.config);
  const filing = filingSettingsOf(services);
  return {
    paymentDocuments: (db, orderId) => orderPaymentDocuments(db, orderId, business),
    packetDocuments: (db, orderId) => orderPacketDocuments(db, filing, orderId),
  };
}

/**
 * Every background job of the app, in one place (ADR 0022): its schedule, retries and
 * how many instances run it. A new job is one more entry here (a queued one: `queuedJob(key, ...)`,
 * with the key where its cause queues it), its name in knownJobNames and its title in admin.json.
 */
export function declareJobs({ services, log }: Pick<FastifyInstance, 'services' | 'log'>): Job[] {
  const { config, database, db, mail, storage } = services;
  const mailer = { mail, appUrl: config.APP_URL };
  const exportFiles = dataExportFiles(services);
  const jobs = {
    // every instance sends: its messages are claimed one by one (ADR 0006); each keeps its own retries
    mailOutbox: periodicJob({
      name: 'mailOutbox',
      everyMs: 2000,
      instances: 'each',
      record: 'busy',
      retry: { attempts: 8, firstDelayMs: 2000, maxDelayMs: minute },
      run: () => mail.drain(),
    }),
    paymentReminders: periodicJob({
      name: 'paymentReminders',
      everyMs: config.ORDER_REMINDER_INTERVAL_MINUTES * minute,
      run: () => sendPaymentReminders(db, mailer, { afterHours: config.ORDER_REMINDER_AFTER_HOURS }),
    }),
    documentEmails: periodicJob({
      name: 'documentEmails',
      everyMs: config.DOCUMENT_EMAIL_INTERVAL_SECONDS * 1000,
      retry: { firstDelayMs: config.DOCUMENT_EMAIL_INTERVAL_SECONDS * 1000 },
      run: () => sendDocumentEmails(db, mailer),
    }),
    messageEmails: periodicJob({
      name: 'messageEmails',
      everyMs: config.DOCUMENT_EMAIL_INTERVAL_SECONDS * 1000,
      retry: { firstDelayMs: config.DOCUMENT_EMAIL_INTERVAL_SECONDS * 1000 },
      run: () => sendMessageEmails(db, mailer),
    }),
    requestReminders: periodicJob({
      name: 'requestReminders',
      everyMs: config.ORDER_REMINDER_INTERVAL_MINUTES * minute,
      run: () => sendRequestReminders(db, mailer, { afterHours: config.REQUEST_REMINDER_AFTER_HOURS }),
    }),
    // work that just became overdue emails its owner (or the team), once per crossing
    overdueAlerts: periodicJob({
      name: 'overdueAlerts',
      everyMs: config.OVERDUE_CHECK_INTERVAL_MINUTES * minute,
      run: () => sendOverdueAlerts(db, { ...mailer, teamEmail: config.SUPPORT_EMAIL }, { hours: promiseHoursOf(config) }),
    }),
    complianceReminders: periodicJob({
      name: 'complianceReminders',
      everyMs: config.COMPLIANCE_REMINDER_INTERVAL_MINUTES * minute,
      run: () => sendComplianceReminders(db, mailer),
    }),
    fileSweep: periodicJob({
      name: 'fileSweep',
      everyMs: config.FILE_SWEEP_INTERVAL_MINUTES * minute,
      // a restart after a crash removes what the crash left at once
      atStart: true,
      run: async ({ signal }) => {
        const graceMs = config.FILE_SWEEP_GRACE_MINUTES * minute;
        const result = await sweepOrphanFiles({ database, storage, graceMs, log, signal });
        log.info({ ...result, graceMs }, 'file sweep done');
        return result.deleted;
      },
    }),
    // identity documents deleted IDENTITY_RETENTION_DAYS after the EIN, once across instances
    identityRetention: periodicJob({
      name: 'identityRetention',
      everyMs: 24 * 60 * minute,
      run: async ({ signal }) => {
        const result = await deleteExpiredIdentityDocuments({ db, storage, retentionDays: config.IDENTITY_RETENTION_DAYS, log, signal });
        log.info({ ...result, retentionDays: config.IDENTITY_RETENTION_DAYS }, 'identity retention done');
        return result.orders;
      },
    }),
    // "Download my data", queued by POST /api/me/data-exports in its transaction
    dataExports: queuedJob(dataExportQueue, {
      leaseMs: 15 * minute,
      run: async ({ exportId }, { log: jobLog }) => {
        await prepareDataExport({ db, storage, mail, appUrl: config.APP_URL, exportId, log: jobLog, ...exportFiles });
      },
    }),
    // an export's file is kept 24 hours
    dataExportCleanup: periodicJob({ name: 'dataExportCleanup', everyMs: 15 * minute, run: () => deleteExpiredDataExports({ db, storage, log }) }),
    // both change logs keep a day: user_changes (ADR 0013) and the live stream's user_events (ADR 0029)
    userChangesPruning: periodicJob({
      name: 'userChangesPruning',
      everyMs: 60 * minute,
      run: async () => {
        await pruneUserChanges(db);
        await pruneUserEvents(db);
      },
    }),
  } satisfies Record<TKnownJobName, Job>;
  return Object.values(jobs);
}

/** The registry of this instance, started: main.ts calls it once the server listens, and stops it first on shutdown. */
export async function startJobs(app: Pick<FastifyInstance, 'services' | 'log'>): Promise<JobRegistry> {
  const registry = new JobRegistry(app.services.database, declareJobs(app), app.log);
  await registry.start();
  // an email queued on this instance is sent at once, not at the next look
  app.services.mail.onQueued(() => registry.kick('mailOutbox'));
  return registry;
}
