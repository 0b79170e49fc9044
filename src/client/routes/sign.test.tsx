import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPartnerSigning } from '@shared/filing/facts';
import { apiError, stubApi } from '@client/testing/api-stub';
import { fill } from '@client/testing/form';
import { renderWithProviders } from '@client/testing/render';
import SignRoute from './sign';

const token = 'k'.repeat(43);
const reading: TPartnerSigning = {
  state: 'open',
  companyName: 'Cañón Ágil LLC',
  partnerName: 'Zoë Gonçalves',
  organizerName: 'José Ñúñez',
  version: 3,
  agreement: {
    en: {
      title: 'Operating Agreement of Cañón Ágil LLC',
      preamble: 'Made by its members.',
      clauses: [{ heading: '1. Formation', paragraphs: ['Formed in Wyoming.'] }],
    },
    es: {
      title: 'Acuerdo operativo de Cañón Ágil LLC',
      preamble: 'Celebrado por sus miembros.',
      clauses: [{ heading: '1. Constitución', paragraphs: ['Constituida en Wyoming.'] }],
    },
  },
  expiresAt: '2026-12-05T10:00:00.000Z',
};
const signed: TPartnerSigning = { state: 'signed', companyName: 'Cañón Ágil LLC', partnerName: 'Zoë Gonçalves', signedAt: '2026-11-27T16:00:00.000Z' };

describe('/sign (the partner signs through the emailed link)', () => {
  it('shows the agreement in Spanish, signs the version read with the token, and thanks the partner', async () => {
    const network = stubApi({ 'GET /api/sign': { body: reading }, 'POST /api/sign': { body: { signed: true } } });
    const { user } = renderWithProviders(<SignRoute />, { route: `/sign?token=${token}`, language: 'es' });
    const title = 'Firme el acuerdo operativo (Operating Agreement) de Cañón Ágil LLC';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(/vence el 5 de diciembre de 2026/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Leer y firmar: Acuerdo operativo/ }));

    // the reader opens at its top: the focus on its title, not on the name field past the text
    const reader = screen.getByRole('dialog', { name: title });
    expect(within(reader).getByRole('heading', { level: 2, name: title })).toHaveFocus();
    expect(within(reader).getByTestId('agreement-text')).toHaveTextContent('Constituida en Wyoming.');
    expect(within(reader).getByRole('link', { name: /Descargar el acuerdo \(PDF\)/ })).toHaveAttribute('href', `/api/sign/agreement?token=${token}`);
    expect(within(reader).getByRole('heading', { name: 'Adopte su firma' })).toBeInTheDocument();
    expect(within(reader).getByTestId('adopted-signature')).toHaveTextContent(/^Zoë Gonçalves$/);
    expect(document.body).not.toHaveTextContent(/SHA-256/);
    // the order is the organizer's, not the partner's: the hint does not call it his
    expect(within(reader).getByText('Tal como figura en el pedido de la LLC: Zoë Gonçalves')).toBeInTheDocument();
    expect(reader).not.toHaveTextContent(/su pedido/);

    await fill(user, within(reader).getByLabelText(/^Escriba su nombre legal completo para adoptar esta firma/), 'Zoë Gonçalves');
    await user.click(within(reader).getByRole('checkbox', { name: /^Acepto usar/ }));
    await user.click(within(reader).getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Gracias. Usted firmó el Acuerdo Operativo de Cañón Ágil LLC.'));
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.queryByTestId('signing-reader')).toBeNull();
    expect(screen.getByRole('link', { name: /^Descargar su copia firmada \(PDF\)/ })).toHaveAttribute('href', `/api/sign/agreement?token=${token}`);
    expect(network.writes()).toMatchObject([
      { method: 'POST', path: '/api/sign', body: { token, version: 3, typedName: 'Zoë Gonçalves', consent: true, language: 'es' } },
    ]);
  });

  it('says who signed and when through a used link, with the signed copy; a replaced or expired one cannot sign, and asks for a new one', async () => {
    stubApi({ 'GET /api/sign': { body: signed } });
    const { unmount, queryClient } = renderWithProviders(<SignRoute />, { route: `/sign?token=${token}` });
    const done = await screen.findByTestId('partner-signed');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Already signed');
    for (const text of ['Zoë Gonçalves', 'Cañón Ágil LLC', 'November 27, 2026']) expect(done).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: /^Download your signed copy \(PDF\)/ })).toHaveAttribute('href', `/api/sign/agreement?token=${token}`);
    expect(screen.queryByRole('button', { name: /Read and sign/ })).toBeNull();
    unmount();
    queryClient.clear();

    stubApi({ 'GET /api/sign': apiError(410, 'gone', 'filing.linkGone') });
    renderWithProviders(<SignRoute />, { route: `/sign?token=${token}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This signing link was replaced by a newer one or has expired. Ask the person who invited you to send a new link.',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign the Operating Agreement');
    expect(screen.queryByRole('button', { name: /Read and sign/ })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('without a token, asks for the link from the email and reads nothing', () => {
    const network = stubApi({});
    renderWithProviders(<SignRoute />, { route: '/sign' });
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from your email.');
    expect(network.count('GET /api/sign')).toBe(0);
  });
});
