import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPacket } from '@shared/filing/facts';
import { apiError, stubApi } from '@client/testing/api-stub';
import { adminOrderDetail, packet } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { PacketPanel } from './packet-panel';

const orderId = 'c1b2c3d4-0000-4000-8000-000000000003';
const order = adminOrderDetail({ id: orderId, status: 'processing', orderAmountPaid: 39900, paidAt: '2026-11-02T12:00:00.000Z' });
const packetRoute = 'GET /api/admin/orders/:id/packet';
const signature = (role: 'organizer' | 'partner', typedName: string, sha256: string) => ({
  role,
  adoptedName: typedName,
  // what was typed to adopt it: the legal name without its accents and capitals
  typedName: typedName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
  signedAt: '2026-11-27T16:00:00.000Z',
  sha256,
  ipAddress: '203.0.113.7',
  account: `${role}@example.com`,
});
const ready = (overrides: Partial<TPacket> = {}): TPacket =>
  packet({
    status: 'ready_for_review',
    facts: { ...packet().defaults, activityDescription: 'Software development services' },
    members: [{ role: 'organizer', name: 'Ana María Pérez', share: 10000 }],
    documents: [
      { kind: 'articles', version: 1, sha256: 'a'.repeat(64), createdAt: '2026-11-27T15:00:00.000Z', signers: [], signatures: [], voidedSignatures: 0 },
      {
        kind: 'ss4_worksheet',
        version: 1,
        sha256: 'b'.repeat(64),
        createdAt: '2026-11-27T15:00:00.000Z',
        signers: ['organizer'],
        signatures: [signature('organizer', 'Ana María Pérez', 'b'.repeat(64))],
        voidedSignatures: 0,
      },
      {
        kind: 'operating_agreement',
        version: 2,
        sha256: 'c'.repeat(64),
        createdAt: '2026-11-27T15:00:00.000Z',
        signers: ['organizer'],
        signatures: [signature('organizer', 'Ana María Pérez', 'c'.repeat(64))],
        voidedSignatures: 1,
      },
    ],
    ...overrides,
  });

describe('<PacketPanel> (the filing packet for the team)', () => {
  it('shows each document with its evidence, approves a ready packet, then records the filing on the day given', async () => {
    let current = ready();
    const network = stubApi({
      [packetRoute]: () => ({ body: { packet: current } }),
      'GET /api/admin/orders/:id': { body: { order, history: [] } },
      'POST /api/admin/orders/:id/packet/approve': () => {
        current = ready({ status: 'approved', editable: false, approvedAt: '2026-11-28T10:00:00.000Z' });
        return { body: { packet: current } };
      },
      'POST /api/admin/orders/:id/packet/filed': () => {
        current = ready({ status: 'filed', editable: false, approvedAt: '2026-11-28T10:00:00.000Z', filedAt: '2026-11-29T10:00:00.000Z' });
        return { body: { packet: current } };
      },
    });
    const { user } = renderWithProviders(<PacketPanel order={order} />);
    const agreement = await screen.findByTestId('admin-packet-operating_agreement');
    expect(agreement).toHaveTextContent('Version 2');
    expect(agreement).toHaveTextContent('Ana María Pérez (organizer) signed on November 27, 2026 from 203.0.113.7 as organizer@example.com');
    expect(agreement).toHaveTextContent('Typed to adopt it: “ana maria perez”');
    expect(agreement).toHaveTextContent(`SHA-256 ${'c'.repeat(64)}`);
    expect(within(screen.getByTestId('admin-packet-articles')).getByRole('link', { name: /Download Articles of Organization \(PDF\)/ })).toHaveAttribute(
      'href',
      `/api/admin/orders/${orderId}/packet/documents/articles`,
    );

    // approving freezes the documents: asked first, with what it does; going back sends nothing
    await user.click(screen.getByRole('button', { name: 'Approve the packet' }));
    const question = screen.getByRole('alertdialog', { name: 'Approve the packet?' });
    expect(question).toHaveAccessibleDescription(/the customer can no longer change the details or sign again/);
    await user.click(within(question).getByRole('button', { name: 'Go back' }));
    expect(network.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Approve the packet' }));
    await user.click(screen.getByRole('button', { name: 'Approve and freeze' }));
    await waitFor(() => expect(screen.getByTestId('packet-status')).toHaveTextContent('Approved by our team'));
    const filedOn = screen.getByLabelText(/^Filed with the state on/);
    await user.clear(filedOn);
    await user.type(filedOn, '2026-11-29');
    // the state's number, as on its stamped copy, which the team uploads first (the help says so)
    expect(screen.getByText(/First upload the state’s stamped copy in Documents as “Articles as filed”/)).toBeVisible();
    await user.type(screen.getByLabelText(/^The state’s filing number/), '2026-001234567');
    await user.click(screen.getByRole('button', { name: 'Record the filing' }));
    await waitFor(() => expect(screen.getByTestId('packet-status')).toHaveTextContent('Filed with the state'));
    expect(network.writes()).toMatchObject([
      { method: 'POST', path: `/api/admin/orders/${orderId}/packet/approve` },
      { method: 'POST', path: `/api/admin/orders/${orderId}/packet/filed`, body: { filedOn: '2026-11-29', filingNumber: '2026-001234567' } },
    ]);
  });

  it('cannot approve while signatures are missing, and warns of a placeholder agent', async () => {
    stubApi({
      [packetRoute]: { body: { packet: ready({ status: 'awaiting_signatures', agent: { name: 'PLACEHOLDER', address: '', placeholder: true } }) } },
    });
    renderWithProviders(<PacketPanel order={order} />, { language: 'es' });
    expect(await screen.findByRole('button', { name: 'Aprobar el paquete' })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('REGISTERED_AGENTS no está configurado');
  });

  it('says why the server refused the approval', async () => {
    stubApi({ [packetRoute]: { body: { packet: ready() } }, 'POST /api/admin/orders/:id/packet/approve': apiError(409, 'conflict', 'filing.notReady') });
    const { user } = renderWithProviders(<PacketPanel order={order} />);
    await user.click(await screen.findByRole('button', { name: 'Approve the packet' }));
    await user.click(screen.getByRole('button', { name: 'Approve and freeze' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The packet is not ready: details or signatures are missing.');
  });

  it('is not shown on an unpaid order, which is not asked for its packet', () => {
    const network = stubApi({});
    renderWithProviders(<PacketPanel order={{ ...order, paidAt: null }} />);
    expect(screen.queryByTestId('packet-panel')).toBeNull();
    expect(network.count(packetRoute)).toBe(0);
  });
});
