import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/languages';
import type { TOrderDetail } from '@shared/orders';
import { orderDetail } from '@client/testing/builders';
import { renderWithProviders } from '@client/testing/render';
import { IdentityDocumentLinks } from './identity-document-links';

/* The customer sees when our team looked at their identity documents, and when they go. */

const render = (order: TOrderDetail, language: Language) => renderWithProviders(<IdentityDocumentLinks order={order} />, { language });
const paid = (overrides: Partial<TOrderDetail>) =>
  orderDetail({ status: 'completed', documents: { ssnDoc: false, passport: true, otherId: true }, ...overrides });
// midday UTC: the same calendar day in the reader's time zone wherever the tests run
const viewed = paid({
  identityViewedAt: { ssnDoc: null, passport: '2025-05-03T12:00:00.000Z', otherId: '2025-06-09T12:00:00.000Z' },
  identityDeletionOn: '2025-08-29',
});

describe('<IdentityDocumentLinks>', () => {
  it('says when the team last looked at each document, and the day they will be deleted, in English', () => {
    render(viewed, 'en');
    expect(screen.getByRole('link', { name: /Passport/ }).closest('li')).toHaveTextContent(/Viewed by our team on May 3, 2025$/);
    expect(screen.getByRole('link', { name: /Other photo ID/ }).closest('li')).toHaveTextContent(/Viewed by our team on June 9, 2025$/);
    expect(screen.getByTestId('identity-retention')).toHaveTextContent(
      'Your identity documents will be deleted on August 29, 2025. We keep them only as long as we need them.',
    );
  });

  it('in Spanish: "Revisado por nuestro equipo el …" (agreeing with the document), dates as es-419 writes them', () => {
    render(viewed, 'es');
    expect(screen.getByRole('link', { name: /Pasaporte/ }).closest('li')).toHaveTextContent(/Revisado por nuestro equipo el 3 de mayo de 2025$/);
    expect(screen.getByRole('link', { name: /Otra identificación con foto/ }).closest('li')).toHaveTextContent(
      /Revisada por nuestro equipo el 9 de junio de 2025$/,
    );
    expect(screen.getByTestId('identity-retention')).toHaveTextContent(
      'Sus documentos de identidad se eliminarán el 29 de agosto de 2025. Los conservamos solo mientras los necesitamos.',
    );
  });

  it('says nothing of looks or deletion before there is anything to say', () => {
    render(paid({}), 'en');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByText(/Viewed by our team/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('identity-retention')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Your identity documents were deleted on August 29, 2025. We keep them only as long as we need them.'],
    ['es', 'Sus documentos de identidad se eliminaron el 29 de agosto de 2025. Los conservamos solo mientras los necesitamos.'],
  ] as const)('once deleted, says when (%s), with no link left', (language, text) => {
    const deleted = paid({
      documents: { ssnDoc: false, passport: false, otherId: false },
      identityDeleted: { at: '2025-08-29T12:00:00.000Z', documents: ['passport', 'otherId'] },
    });
    render(deleted, language);
    expect(screen.getByTestId('identity-retention')).toHaveTextContent(text);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('<IdentityDocumentLinks> with a replacement asked', () => {
  it.each([
    ['en', /Passport.*Our team asked you for a new copy$/, /Viewed by our team on June 9, 2025$/],
    ['es', /Pasaporte.*Nuestro equipo le pidió una copia nueva$/, /Revisada por nuestro equipo el 9 de junio de 2025$/],
  ] as const)('does not call "reviewed" the passport the team asked to replace (%s)', (language, passport, other) => {
    renderWithProviders(<IdentityDocumentLinks order={viewed} replacing={['passport']} />, { language });
    const passportItem = screen.getAllByRole('link')[0]!.closest('li')!;
    expect(passportItem).toHaveTextContent(passport);
    expect(passportItem).not.toHaveTextContent(/Viewed|Revisad/);
    expect(screen.getAllByRole('link')[1]!.closest('li')).toHaveTextContent(other);
  });
});
