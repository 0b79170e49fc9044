import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { customer as account } from '@client/testing/builders';
import { field, fill } from '@client/testing/form';
import { renderWithProviders } from '@client/testing/render';
import { OrderWizard } from './order-wizard';

const renderWizard = (route = '/order', language: 'en' | 'es' = 'en') =>
  renderWithProviders(<OrderWizard account={account} />, { route, path: '/order', language });

const position = () => screen.getByTestId('wizard-position');

beforeEach(() => sessionStorage.clear());

describe('<CompanyNames> banking, insurance and trust words', () => {
  it('in Wyoming, whose LLC statute lists none, asks to confirm "Bank", saying that every state regulates it', async () => {
    const { user } = renderWizard('/order?state=WY');
    await fill(user, field('First choice'), 'Acme Bank LLC');
    await fill(user, field('Second choice'), 'Acme Labs LLC');
    await fill(user, field('Third choice'), 'Acme Holdings LLC');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(position()).toHaveTextContent(/^Step 1 of 4$/);
    expect(field('First choice')).toHaveAccessibleDescription(
      /^“Bank” is a banking, insurance or trust word: the banking and insurance laws of every state .* so Wyoming may ask for a regulator’s approval or refuse the name\./,
    );
    const confirm = screen.getByRole('checkbox', {
      name: /^I understand that banking, insurance and trust laws govern “Bank” in every state, so Wyoming may ask/,
    });
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(position()).toHaveTextContent(/^Step 2 of 4$/);
  });

  it("gives both reasons where the state's own list names one word and not the other", async () => {
    const { user } = renderWizard('/order?state=NY');
    await fill(user, field('First choice'), 'National Bank LLC');
    expect(
      screen.getByRole('checkbox', {
        name: /^I understand that “Bank” needs a New York regulator’s approval and that banking, insurance and trust laws govern “National” in every state/,
      }),
    ).not.toBeChecked();
  });

  it('says it in Spanish, for the Spanish words too', async () => {
    const { user } = renderWizard('/order?state=DE', 'es');
    await fill(user, field('Primera opción'), 'Seguros Andes LLC');
    await fill(user, field('Segunda opción'), 'Andes Labs LLC');
    await fill(user, field('Tercera opción'), 'Andes Holdings LLC');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() =>
      expect(field('Primera opción')).toHaveAccessibleDescription(
        /^“Seguros” es un término bancario, de seguros o de fideicomisos: lo regulan las leyes bancarias y de seguros de todos los estados/,
      ),
    );
    expect(
      screen.getByRole('checkbox', {
        name: /^Entiendo que las leyes bancarias, de seguros y de fideicomisos de todos los estados regulan “Seguros”, por lo que Delaware puede/,
      }),
    ).toBeVisible();
  });

  it('California still refuses "Bank": nothing to confirm, the fix drops it', async () => {
    const { user } = renderWizard('/order?state=CA');
    await fill(user, field('First choice'), 'Acme Bank LLC');
    await fill(user, field('Second choice'), 'Acme Labs LLC');
    await fill(user, field('Third choice'), 'Acme Holdings LLC');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(field('First choice')).toHaveAccessibleDescription(/^California does not accept “Bank” in an LLC’s name/);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use “Acme LLC”' })).toBeVisible();
  });
});
