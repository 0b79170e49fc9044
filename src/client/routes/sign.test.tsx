import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPartnerSigning } from '@shared/filing/facts';
import { apiError, stubApi } from '@client/testing/api-stub';
import { fill } from '@client/testing/form';
import { renderWithProviders } from '@client/testing/render';
import SignRoute from './sign';

const token = 'k'.repeat(43);
const reading: TPartnerSigning = {
  companyName: 'Cañón Ágil LLC',
  partnerName: 'Zoë Gonçalves',
  organizerName: 'José Ñúñez',
  version: 3,
  sha256: 'c'.repeat(64),
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

describe('/sign (the partner signs through the emailed link)', () => {
  it('shows the agreement in Spanish, signs the version read with the token, and thanks the partner', async () => {
    const network = stubApi({ 'GET /api/sign': { body: reading }, 'POST /api/sign': { body: { signed: true } } });
    const { user } = renderWithProviders(<SignRoute />, { route: `/sign?token=${token}`, language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Firme el acuerdo operativo (Operating Agreement) de Cañón Ágil LLC' })).toBeInTheDocument();
    expect(screen.getByTestId('agreement-text')).toHaveTextContent('Constituida en Wyoming.');
    expect(screen.getByRole('link', { name: /Descargar el acuerdo \(PDF\)/ })).toHaveAttribute('href', `/api/sign/agreement?token=${token}`);
    expect(screen.getByText(/vence el 5 de diciembre de 2026/)).toBeInTheDocument();
    await fill(user, screen.getByLabelText(/^Escriba su nombre completo/), 'Zoë Gonçalves');
    await user.click(screen.getByRole('checkbox', { name: /^Acepto usar/ }));
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Gracias. Firmó el acuerdo operativo de Cañón Ágil LLC.'));
    expect(screen.getByRole('status')).toHaveFocus();
    expect(network.writes()).toMatchObject([
      { method: 'POST', path: '/api/sign', body: { token, version: 3, typedName: 'Zoë Gonçalves', consent: true, language: 'es' } },
    ]);
  });

  it('says a used, replaced or expired link cannot sign, and asks for a new one', async () => {
    stubApi({ 'GET /api/sign': apiError(410, 'gone', 'filing.linkGone') });
    renderWithProviders(<SignRoute />, { route: `/sign?token=${token}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This signing link was already used, was replaced by a newer one, or has expired.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign the Operating Agreement');
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('without a token, asks for the link from the email and reads nothing', () => {
    const network = stubApi({});
    renderWithProviders(<SignRoute />, { route: '/sign' });
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from your email.');
    expect(network.count('GET /api/sign')).toBe(0);
  });
});
