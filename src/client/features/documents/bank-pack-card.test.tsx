import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOrderDocument } from '@shared/orders';
import { stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { BankPackCard } from './bank-pack-card';

/* After the EIN the bank account is an action: which papers she has, and all of them in one download. */

const document = (kind: TOrderDocument['kind'], fileName: string): TOrderDocument => ({
  id: `doc-${kind}`,
  kind,
  fileName,
  createdAt: '2026-12-01T12:00:00.000Z',
});

describe('<BankPackCard>', () => {
  it('lists the papers a bank asks for, says which are ready, and offers them in one ZIP (Spanish)', async () => {
    stubApi({
      'GET /api/orders/:id/documents': {
        body: { documents: [document('articles_filed', 'scan.pdf'), document('ein_letter', 'CP575.pdf'), document('other', 'invoice.pdf')] },
      },
    });
    renderWithProviders(<BankPackCard orderId="o1" />, { language: 'es' });
    const card = screen.getByTestId('bank-pack');
    expect(within(card).getByRole('heading', { name: 'Abra la cuenta bancaria de su LLC en EE.\u00a0UU.' })).toBeInTheDocument();
    const download = await within(card).findByRole('link', { name: 'Descargar el paquete para el banco (ZIP)' });
    expect(download).toHaveAttribute('href', '/api/orders/o1/bank-pack');
    const items = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Acta de constitución (Articles of Organization), como se presentó · Listo',
      'Acuerdo operativo (Operating Agreement), firmado · Todavía no: lo agregaremos a sus documentos en cuanto lo tengamos',
      'Carta de confirmación del EIN (IRS CP 575) · Listo',
    ]);
    expect(card).toHaveTextContent('pasaporte');
  });

  it('offers no download while none of the papers is uploaded', async () => {
    stubApi({ 'GET /api/orders/:id/documents': { body: { documents: [document('other', 'invoice.pdf')] } } });
    renderWithProviders(<BankPackCard orderId="o1" />, { language: 'en' });
    expect(await screen.findAllByText(/Not yet: we add it to your documents/)).toHaveLength(3);
    expect(screen.queryByRole('link', { name: /bank pack/ })).toBeNull();
  });
});
