import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TIntegrationsStatus } from '@shared/admin-users';
import { apiError, stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { IntegrationsPage } from './integrations-page';

const status: TIntegrationsStatus = {
  checkedAt: '2025-05-02T10:00:00.000Z',
  database: { kind: 'postgres', reachable: 'up', migrationsApplied: 8, migrationsKnown: 8, lastMigration: '0008_admin_users_launch_list' },
  storage: { kind: 's3', reachable: 'down' },
  mail: {
    kind: 'smtp',
    backlog: 1200,
    failed: 3,
    lastFailure: { queuedAt: '2025-05-01T09:30:00.000Z', attempts: 8, final: true, error: 'connect ECONNREFUSED smtp://mail.example.com:587' },
  },
  payments: { kind: 'stripe', webhookSecretSet: true, lastEventAt: null },
  rateLimits: { kind: 'redis', reachable: 'up' },
  jobs: [
    {
      name: 'fileSweep',
      kind: 'periodic',
      everyMs: 1_800_000,
      nextRunAt: '2025-05-02T10:01:00.000Z',
      lastRun: {
        startedAt: '2025-05-02T10:00:00.000Z',
        finishedAt: '2025-05-02T10:00:00.035Z',
        durationMs: 35,
        outcome: 'failed',
        attempts: 2,
        maxAttempts: 5,
        error: 'connect ECONNREFUSED s3.example.com:443',
      },
      lastSucceededAt: '2025-05-01T09:30:00.000Z',
      queue: null,
    },
    { name: 'mailOutbox', kind: 'periodic', everyMs: 2000, nextRunAt: '2025-05-02T10:00:02.000Z', lastRun: null, lastSucceededAt: null, queue: null },
    {
      name: 'paymentReminders',
      kind: 'periodic',
      everyMs: 600_000,
      nextRunAt: '2025-05-02T10:10:00.000Z',
      lastRun: {
        startedAt: '2025-05-02T10:00:00.000Z',
        finishedAt: '2025-05-02T10:00:01.250Z',
        durationMs: 1250,
        outcome: 'succeeded',
        attempts: 1,
        maxAttempts: 5,
        error: null,
      },
      lastSucceededAt: '2025-05-02T10:00:01.250Z',
      queue: null,
    },
    {
      name: 'refunds',
      kind: 'queued',
      everyMs: 5000,
      nextRunAt: '2025-05-02T10:00:05.000Z',
      lastRun: { startedAt: '2025-05-02T10:00:00.000Z', finishedAt: null, durationMs: null, outcome: 'running', attempts: 1, maxAttempts: 5, error: null },
      lastSucceededAt: '2025-05-02T09:00:00.000Z',
      queue: { pending: 3, dead: 1 },
    },
    {
      name: 'userChangesPruning',
      kind: 'periodic',
      everyMs: 3_600_000,
      nextRunAt: '2025-05-02T11:00:00.000Z',
      lastRun: {
        startedAt: '2025-05-02T10:00:00.000Z',
        finishedAt: '2025-05-02T10:00:00.004Z',
        durationMs: 4,
        outcome: 'dead',
        attempts: 5,
        maxAttempts: 5,
        error: 'relation "user_changes" does not exist',
      },
      lastSucceededAt: null,
      queue: null,
    },
  ],
};

const facts = (title: string) => {
  const panel = screen.getByRole('region', { name: title });
  return within(panel)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
};

/** The facts of one job, found by its title. */
const jobFacts = (title: string) => {
  const jobs = screen.getByRole('region', { name: /^(Background jobs|Tareas en segundo plano)$/ });
  const item = within(jobs).getByRole('heading', { level: 3, name: title }).closest('li')!;
  return within(item)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`.replace(/\s/g, ' '));
};

describe('<IntegrationsPage> (/admin/integrations)', () => {
  it('shows loading, then each integration: provider, whether it answers, backlog, last failure, webhook secret', async () => {
    stubApi({ 'GET /api/admin/integrations': { body: status } });
    renderWithProviders(<IntegrationsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking integrations');
    await screen.findByTestId('integrations');
    expect(facts('Database')).toEqual([
      'Provider: PostgreSQL',
      'Status: Working',
      'Migrations applied: 8 of 8',
      'Latest migration: 0008_admin_users_launch_list',
    ]);
    expect(facts('File storage')).toEqual(['Provider: S3-compatible', 'Status: Not reachable']);
    expect(facts('Email')).toEqual([
      'Provider: SMTP',
      'Waiting to be sent: 1,200',
      'Given up: 3',
      'Last failure: connect ECONNREFUSED smtp://mail.example.com:587Queued May 1, 2025, 9:30 AM · 8 attempts · no more retries',
    ]);
    expect(facts('Payments')).toEqual(['Provider: Stripe', 'Webhook secret: Set', 'Last event received: None yet']);
    expect(facts('Rate limits')).toEqual(['Provider: Redis', 'Status: Working']);
  });

  it('in Spanish, with the defaults of a laptop', async () => {
    stubApi({
      'GET /api/admin/integrations': {
        body: {
          ...status,
          database: { ...status.database, kind: 'embedded', lastMigration: null, migrationsApplied: 0 },
          mail: { kind: 'files', backlog: 0, failed: 0, lastFailure: null },
          payments: { kind: 'test', webhookSecretSet: true, lastEventAt: '2025-05-02T10:00:00.000Z' },
        },
      },
    });
    renderWithProviders(<IntegrationsPage />, { language: 'es' });
    await screen.findByTestId('integrations');
    expect(facts('Base de datos')).toEqual([
      'Proveedor: Integrada (PGlite)',
      'Situación: Funciona',
      'Migraciones aplicadas: 0 de 8',
      'Última migración: Ninguna',
    ]);
    expect(facts('Correo electrónico')).toEqual(['Proveedor: Archivos (.eml, sin enviar)', 'Por enviar: 0', 'Descartados: 0', 'Último error: Ninguno']);
    expect(facts('Pagos')[0]).toBe('Proveedor: Proveedor de prueba integrado');
  });

  it("shows each background job's last run: when, how long, how it ended, its error, and when it runs next", async () => {
    stubApi({ 'GET /api/admin/integrations': { body: status } });
    renderWithProviders(<IntegrationsPage />);
    await screen.findByTestId('integrations');
    const titles = within(screen.getByRole('region', { name: 'Background jobs' })).getAllByRole('heading', { level: 3 });
    expect(titles.map((title) => title.textContent)).toEqual(['Orphan file cleanup', 'Email sending', 'Payment reminders', 'refunds', 'Change log cleanup']);
    expect(jobFacts('Payment reminders')).toEqual([
      'Schedule: Every 10 minutes',
      'Last run: May 2, 2025, 10:00 AM · took 1.3 s',
      'Result: Succeeded',
      'Next run: May 2, 2025, 10:10 AM',
    ]);
    expect(jobFacts('Orphan file cleanup')).toEqual([
      'Schedule: Every 30 minutes',
      'Last run: May 2, 2025, 10:00 AM · took 35 ms',
      'Result: Failed on attempt 2 of 5; will retry',
      'Error: connect ECONNREFUSED s3.example.com:443',
      'Next run: May 2, 2025, 10:01 AM',
      'Last success: May 1, 2025, 9:30 AM',
    ]);
    expect(jobFacts('Change log cleanup')).toEqual([
      'Schedule: Every hour',
      'Last run: May 2, 2025, 10:00 AM · took 4 ms',
      'Result: Given up after 5 attempts',
      'Error: relation "user_changes" does not exist',
      'Next run: May 2, 2025, 11:00 AM',
      'Last success: None yet',
    ]);
    expect(jobFacts('Email sending')).toEqual(['Schedule: Every 2 seconds', 'Last run: Not run yet', 'Next run: May 2, 2025, 10:00 AM']);
    // a queued job this version does not name yet: its name, its queue, a run under way
    expect(jobFacts('refunds')).toEqual([
      'Schedule: When work is queued',
      'Last run: May 2, 2025, 10:00 AM',
      'Result: Running now',
      'Queue: 3 waiting · 1 given up',
      'Last success: May 2, 2025, 9:00 AM',
    ]);
  });

  it('names the jobs and their results in Spanish, and says when none has run', async () => {
    const network = stubApi({ 'GET /api/admin/integrations': { body: status } });
    const { user } = renderWithProviders(<IntegrationsPage />, { language: 'es' });
    await screen.findByTestId('integrations');
    expect(jobFacts('Limpieza de archivos huérfanos')).toEqual([
      'Frecuencia: Cada 30 minutos',
      'Última ejecución: 2 may 2025, 10:00 a.m. · duró 35 ms',
      'Resultado: Falló en el intento 2 de 5; se reintentará',
      'Error: connect ECONNREFUSED s3.example.com:443',
      'Próxima ejecución: 2 may 2025, 10:01 a.m.',
      'Última ejecución correcta: 1 may 2025, 9:30 a.m.',
    ]);
    expect(jobFacts('Limpieza del registro de cambios')).toContain('Resultado: Descartada tras 5 intentos');
    expect(jobFacts('Recordatorios de pago').slice(0, 3)).toEqual([
      'Frecuencia: Cada 10 minutos',
      'Última ejecución: 2 may 2025, 10:00 a.m. · duró 1.3 s',
      'Resultado: Correcta',
    ]);
    expect(jobFacts('Envío de correos')).toContain('Última ejecución: Aún no se ha ejecutado');

    network.on('GET /api/admin/integrations', { body: { ...status, jobs: [] } });
    await user.click(screen.getByRole('button', { name: 'Verificar de nuevo' }));
    expect(
      await within(screen.getByRole('region', { name: 'Tareas en segundo plano' })).findByText('Ninguna tarea se ha ejecutado aún en esta base de datos.'),
    ).toBeVisible();
  });

  it('says when the check failed, and checks again on Try Again', async () => {
    const network = stubApi({ 'GET /api/admin/integrations': apiError(403, 'forbidden', 'errors.forbidden') });
    const { user } = renderWithProviders(<IntegrationsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to check integrationsYou do not have access to this.');
    network.on('GET /api/admin/integrations', { body: status });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('integrations')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(network.count('GET /api/admin/integrations')).toBe(3);
  });
});
