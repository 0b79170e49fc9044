import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { YearlyCostHint } from './yearly-cost-hint';

describe('the yearly cost under the state picker', () => {
  it.each([
    ['WY', 'en', 'From year two, Wyoming charges at least $60 a year.'],
    ['DE', 'en', 'From year two, Delaware charges $400 a year.'],
    ['NM', 'en', 'From year two, New Mexico charges no yearly state fee.'],
    ['TX', 'en', "From year two, Texas's yearly state fees depend on the company's revenue or assets."],
    ['AK', 'en', "Alaska's yearly fees are not in our data yet."],
    ['FL', 'es', 'Desde el segundo año, Florida cobra US$138.75 al año.'],
  ] as const)('%s (%s)', async (state, language, text) => {
    renderWithProviders(<YearlyCostHint state={state} />, { language });
    expect(await screen.findByTestId('yearly-cost')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: language === 'en' ? "Every state's costs" : 'Costos de cada estado' })).toHaveAttribute('href', '/state-costs');
  });

  it.each([
    ['WY', 'en', 'Guide to Wyoming (opens in a new tab)', '/states/wyoming'],
    ['DC', 'es', 'Guía de Distrito de Columbia (se abre en una pestaña nueva)', '/states/district-of-columbia'],
  ] as const)('links to the %s guide in a new tab, saying so (%s)', async (state, language, name, href) => {
    renderWithProviders(<YearlyCostHint state={state} />, { language });
    const link = await screen.findByRole('link', { name });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });
});
