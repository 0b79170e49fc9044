import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPacket } from '@shared/filing/facts';
import { apiError, stubApi } from '@client/testing/api-stub';
import { orderDetail, packet, partner } from '@client/testing/builders';
import { fill } from '@client/testing/form';
import { renderWithProviders } from '@client/testing/render';
import { FilingSection } from './filing-section';

const orderId = 'a1b2c3d4-0000-4000-8000-000000000001';
const order = orderDetail({ id: orderId, status: 'processing', orderAmountPaid: 39900, paidAt: '2026-11-02T12:00:00.000Z', partner });
const packetRoute = 'GET /api/orders/:id/packet';
const factsRoute = 'PUT /api/orders/:id/packet/facts';
const signRoute = 'POST /api/orders/:id/packet/sign';

const agreement = (name: string) => ({ title: name, preamble: 'Preamble', clauses: [{ heading: '1. Formation', paragraphs: [`${name} forms the company.`] }] });
const twoMembers = packet({
  members: [
    { role: 'organizer', name: 'Ana María Pérez', share: null },
    { role: 'partner', name: partner.fullName, share: null },
  ],
  defaults: { ...packet().defaults, organizerShare: 5000, partnerShare: 5000 },
});
const signing = (overrides: Partial<TPacket> = {}): TPacket => ({
  ...twoMembers,
  status: 'awaiting_signatures',
  facts: { ...twoMembers.defaults, organizerShare: 6000, partnerShare: 4000, activityDescription: 'Software development services' },
  members: [
    { role: 'organizer', name: 'Ana María Pérez', share: 6000 },
    { role: 'partner', name: partner.fullName, share: 4000 },
  ],
  documents: [
    { kind: 'articles', version: 1, sha256: 'a'.repeat(64), createdAt: '2026-11-27T15:00:00.000Z', signers: [], signatures: [], voidedSignatures: 0 },
    {
      kind: 'ss4_worksheet',
      version: 1,
      sha256: 'b'.repeat(64),
      createdAt: '2026-11-27T15:00:00.000Z',
      signers: ['organizer'],
      signatures: [],
      voidedSignatures: 0,
    },
    {
      kind: 'operating_agreement',
      version: 1,
      sha256: 'c'.repeat(64),
      createdAt: '2026-11-27T15:00:00.000Z',
      signers: ['organizer', 'partner'],
      signatures: [],
      voidedSignatures: 0,
    },
  ],
  agreement: { en: agreement('Operating Agreement of Andes Trading LLC'), es: agreement('Acuerdo operativo de Andes Trading LLC') },
  ss4: [
    { line: '1', label: { en: 'Legal name of entity', es: 'Nombre legal de la entidad' }, answer: 'ANDES TRADING LLC' },
    { line: '10', label: { en: 'Reason for applying', es: 'Motivo de la solicitud' }, answer: 'Started new business' },
  ],
  ...overrides,
});

describe('<FilingSection> (company details and documents to sign)', () => {
  it('checks the shares and the activity before sending, then saves the details and announces it', async () => {
    let current = twoMembers;
    const network = stubApi({
      [packetRoute]: () => ({ body: { packet: current } }),
      [factsRoute]: () => {
        current = signing();
        return { body: { packet: current } };
      },
    });
    const { user } = renderWithProviders(<FilingSection order={order} />);
    const section = await screen.findByRole('region', { name: 'Company details and documents' });
    expect(await within(section).findByTestId('packet-status')).toHaveTextContent('Details missing');
    await user.click(within(section).getByRole('button', { name: 'Complete your company details' }));
    const purpose = await within(section).findByLabelText(/^Purpose of the company/);
    expect(purpose).toHaveFocus();
    expect(purpose).toHaveValue('Any lawful purpose');

    await user.clear(within(section).getByLabelText(/^Share of Ana María Pérez/));
    await fill(user, within(section).getByLabelText(/^Share of Ana María Pérez/), '60');
    await user.click(within(section).getByRole('button', { name: 'Save details' }));
    expect(await within(section).findByText('The shares must add up to 100%.')).toBeInTheDocument();
    expect(within(section).getByText('This field is required.')).toBeInTheDocument();
    expect(network.writes()).toEqual([]);
    await waitFor(() => expect(within(section).getByLabelText(/^Share of Luis Gómez/)).toHaveFocus());

    await user.clear(within(section).getByLabelText(/^Share of Luis Gómez/));
    await fill(user, within(section).getByLabelText(/^Share of Luis Gómez/), '40');
    await fill(user, within(section).getByLabelText(/^What the company sells or does/), 'Software development services');
    await user.click(within(section).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Your company details were saved.'));
    expect(within(section).getByRole('status')).toHaveFocus();
    expect(network.writes()).toMatchObject([
      {
        method: 'PUT',
        path: `/api/orders/${orderId}/packet/facts`,
        body: { organizerShare: 60, partnerShare: 40, activityDescription: 'Software development services', purpose: 'Any lawful purpose' },
      },
    ]);
    expect(within(section).getByTestId('packet-status')).toHaveTextContent('Waiting for signatures');
    expect(section).toHaveTextContent('Ana María Pérez: 60% · Luis Gómez: 40%');
  });

  it('says why the description is in English, in Spanish too', async () => {
    stubApi({ [packetRoute]: () => ({ body: { packet: twoMembers } }) });
    const { user } = renderWithProviders(<FilingSection order={order} />, { language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Complete los datos de su empresa' }));
    const description = await screen.findByLabelText(/^Qué vende o hace la empresa/);
    expect(description).toHaveAccessibleDescription(/el estado y el IRS leen la presentación solo en inglés/);
  });

  it('shows the agreement in Spanish, asks for the consent, signs the version read, and says the partner gets a link', async () => {
    let current = signing();
    const network = stubApi({
      [packetRoute]: () => ({ body: { packet: current } }),
      [signRoute]: () => {
        current = signing({
          documents: current.documents.map((document) =>
            document.kind === 'operating_agreement'
              ? {
                  ...document,
                  signatures: [
                    {
                      role: 'organizer',
                      adoptedName: 'Ana María Pérez',
                      typedName: 'ana maría pérez',
                      signedAt: '2026-11-27T16:00:00.000Z',
                      sha256: document.sha256,
                      ipAddress: null,
                      account: null,
                    },
                  ],
                }
              : document,
          ),
        });
        return { body: { packet: current } };
      },
    });
    const { user } = renderWithProviders(<FilingSection order={order} />, { language: 'es' });
    const section = await screen.findByTestId('filing-section');
    const item = await screen.findByTestId('packet-document-operating_agreement');
    expect(item).toHaveTextContent('Cómo se posee y se administra su LLC. Los bancos lo piden.');
    expect(within(item).getByRole('link', { name: /Descargar Acuerdo operativo/ })).toHaveAttribute(
      'href',
      `/api/orders/${orderId}/packet/documents/operating_agreement`,
    );
    await user.click(within(item).getByRole('button', { name: /^Leer y firmar: Acuerdo operativo/ }));

    // the reader opens at its top: the focus on its title, not on the name field past the text
    const reader = screen.getByRole('dialog', { name: /^Firmar: Acuerdo operativo/ });
    expect(within(reader).getByRole('heading', { level: 2, name: /^Firmar: Acuerdo operativo/ })).toHaveFocus();
    expect(within(reader).getByTestId('agreement-text')).toHaveTextContent('Acuerdo operativo de Andes Trading LLC');
    expect(within(reader).getByRole('link', { name: /^Descargar el PDF para leerlo/ })).toHaveAttribute(
      'href',
      `/api/orders/${orderId}/packet/documents/operating_agreement`,
    );
    // the signature adopted is the legal name as on the order, accents and all; no fingerprint is shown
    expect(within(reader).getByRole('heading', { name: 'Adopte su firma' })).toBeInTheDocument();
    expect(within(reader).getByTestId('adopted-signature')).toHaveTextContent(/^Ana María Pérez$/);
    expect(section).not.toHaveTextContent(/SHA-256|[0-9a-f]{64}/);

    await fill(user, within(reader).getByLabelText(/^Escriba su nombre legal completo para adoptar esta firma/), 'ana maría pérez');
    await user.click(within(reader).getByRole('button', { name: 'Firmar' }));
    expect(within(reader).getByRole('alert')).toHaveTextContent('Marque el consentimiento para firmar.');
    expect(network.writes()).toEqual([]);
    await user.click(within(reader).getByRole('checkbox', { name: /^Acepto usar un registro y una firma electrónicos/ }));
    await user.click(within(reader).getByRole('button', { name: 'Firmar' }));
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Firmado. Le enviamos por correo una copia del documento firmado. Enviamos a Luis Gómez un enlace para firmar.',
      ),
    );
    expect(within(section).getByRole('status')).toHaveFocus();
    expect(screen.queryByTestId('signing-reader')).toBeNull();
    expect(network.writes()).toMatchObject([
      { method: 'POST', body: { kind: 'operating_agreement', version: 1, typedName: 'ana maría pérez', consent: true } },
    ]);
    // the signature shows as adopted, not as typed
    const signedItem = screen.getByTestId('packet-document-operating_agreement');
    expect(signedItem).toHaveTextContent(/Firmado por Ana María Pérez el 27 de noviembre de 2026/);
    expect(signedItem).not.toHaveTextContent('ana maría pérez');
    expect(within(signedItem).queryByRole('button', { name: /^Leer y firmar/ })).toBeNull();
  });

  it('puts the server’s refusal of the typed name on the field, and says when the document changed', async () => {
    let refusals = 0;
    stubApi({
      [packetRoute]: { body: { packet: signing() } },
      [signRoute]: () =>
        refusals++ === 0
          ? apiError(400, 'validation_failed', 'errors.validation_failed', { typedName: 'filing.errors.nameMismatch' })
          : apiError(409, 'conflict', 'filing.documentChanged'),
    });
    const { user } = renderWithProviders(<FilingSection order={order} />);
    const item = await screen.findByTestId('packet-document-ss4_worksheet');
    await user.click(within(item).getByRole('button', { name: /^Read and sign the EIN application/ }));
    const reader = screen.getByRole('dialog', { name: /^Sign the EIN application/ });
    expect(within(reader).getByRole('heading', { level: 2, name: /^Sign the EIN application/ })).toHaveFocus();
    expect(reader).toHaveTextContent('you authorize our team to apply for your company');
    // what the authorization signs for: the SS-4's answers, each line's label in her language
    const answers = within(reader).getByTestId('ss4-answers');
    expect(answers).toHaveTextContent('Legal name of entity');
    expect(answers).toHaveTextContent('ANDES TRADING LLC');
    expect(answers).toHaveTextContent('Reason for applying');
    expect(within(reader).getByTestId('adopted-signature')).toHaveTextContent(/^Ana María Pérez$/);
    await user.click(within(reader).getByRole('checkbox', { name: /^I agree to use an electronic record/ }));
    await fill(user, within(reader).getByLabelText(/^Type your full legal name to adopt this signature/), 'Someone Else');
    await user.click(within(reader).getByRole('button', { name: 'Sign' }));
    expect(await within(reader).findByText('Type your full name exactly as it is on the order.')).toBeInTheDocument();
    await user.click(within(reader).getByRole('button', { name: 'Sign' }));
    expect(await within(reader).findByText('The document changed since you opened it. Read the new version, then sign.')).toBeInTheDocument();
  });

  it('once approved, shows no edit or sign button and says why', async () => {
    stubApi({ [packetRoute]: { body: { packet: signing({ status: 'approved', editable: false, approvedAt: '2026-11-28T10:00:00.000Z' }) } } });
    renderWithProviders(<FilingSection order={order} />);
    expect(await screen.findByText(/Your details can no longer change/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit company details|Read and sign/ })).toBeNull();
    expect(screen.getByTestId('packet-status')).toHaveTextContent('Approved by our team');
  });

  it('tells the Articles in the tense of the packet: to be filed, being filed, filed (in Spanish too)', async () => {
    for (const [status, language, note] of [
      ['awaiting_signatures', 'en', 'We file this with the state once our team approves the packet.'],
      ['approved', 'en', 'Our team approved the packet: we are filing this with the state.'],
      ['filed', 'en', 'We filed this with the state.'],
      ['filed', 'es', 'Ya lo presentamos ante el estado.'],
    ] as const) {
      stubApi({ [packetRoute]: { body: { packet: signing({ status, editable: status === 'awaiting_signatures' }) } } });
      const { unmount, queryClient } = renderWithProviders(<FilingSection order={order} />, { language });
      const articles = await screen.findByTestId('packet-document-articles');
      expect(articles).toHaveTextContent(note);
      // the Articles' worksheet is the team's: the customer gets a summary, not a file
      expect(within(articles).queryByRole('link')).toBeNull();
      unmount();
      queryClient.clear();
    }
  });

  it('says so when the packet cannot be read, and tries again', async () => {
    let calls = 0;
    stubApi({ [packetRoute]: () => (calls++ === 0 ? { status: 500 } : { body: { packet: twoMembers } }) });
    const { user } = renderWithProviders(<FilingSection order={order} />);
    expect(await screen.findByText('We could not load your company details.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Complete your company details' })).toBeInTheDocument();
  });
});
