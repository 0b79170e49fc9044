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
  mail: { kind: 'smtp', backlog: 1200, failed: 3, lastFailure: { queuedAt: '2025-05-01T09:30:00.000Z', attempts: 8, final: true, error: 'connect ECONNREFUSED smtp://mail.example.com:587' } },
  payments: { kind: 'stripe', webhookSecretSet: true, lastEventAt: null },
  rateLimits: { kind: 'redis', reachable: 'up' },
};

const facts = (title: string) => {
  const panel = screen.getByRole('region', { name: title });
  return within(panel)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
};

describe('<IntegrationsPage> (/admin/integrations)', () => {
  it('shows loading, then each integration: provider, whether it answers, backlog, last failure, webhook secret', async () => {
    stubApi({ 'GET /api/admin/integrations': { body: status } });
    renderWithProviders(<IntegrationsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking integrations');
    await screen.findByTestId('integrations');
    expect(facts('Database')).toEqual(['Provider: PostgreSQL', 'Status: Working', 'Migrations applied: 8 of 8', 'Latest migration: 0008_admin_users_launch_list']);
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
        body: { ...status, database: { ...status.database, kind: 'embedded', lastMigration: null, migrationsApplied: 0 }, mail: { kind: 'files', backlog: 0, failed: 0, lastFailure: null }, payments: { kind: 'test', webhookSecretSet: true, lastEventAt: '2025-05-02T10:00:00.000Z' } },
      },
    });
    renderWithProviders(<IntegrationsPage />, { language: 'es' });
    await screen.findByTestId('integrations');
    expect(facts('Base de datos')).toEqual(['Proveedor: Integrada (PGlite)', 'Situación: Funciona', 'Migraciones aplicadas: 0 de 8', 'Última migración: Ninguna']);
    expect(facts('Correo electrónico')).toEqual(['Proveedor: Archivos (.eml, sin enviar)', 'Por enviar: 0', 'Descartados: 0', 'Último error: Ninguno']);
    expect(facts('Pagos')[0]).toBe('Proveedor: Proveedor de prueba integrado');
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
