import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StateGuideRoute from './state-guide';
import { renderWithProviders } from '@client/testing/render';

const open = (slug: string, language: 'en' | 'es' = 'en') =>
  renderWithProviders(<StateGuideRoute />, { route: `/states/${slug}`, path: '/states/:slug', language });

describe('/states/:slug', () => {
  it('Wyoming: the dataset figures, their sources, one h1, breadcrumbs', () => {
    open('wyoming');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forming an LLC in Wyoming');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'State costs' })).toHaveAttribute('href', '/state-costs');
    expect(crumbs.getByText('Wyoming')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('state-guide-filingFee')).toHaveTextContent('$100');
    expect(screen.getByTestId('state-guide-annualReport')).toHaveTextContent(
      'First day of the month you formed the LLC · From $60 (depends on assets or revenue)',
    );
    expect(screen.getByTestId('state-guide-anonymous')).toHaveTextContent('Yes');
    expect(screen.getByTestId('state-guide-processing')).toHaveTextContent('Filed by mail: up to 15 business days');
    expect(screen.getByRole('link', { name: /^Wyoming's fee schedule/ })).toHaveAttribute('href', 'https://sos.wyo.gov/Business/docs/BusinessFees.pdf');
    // the state's own words, said to be its own and marked as English
    const wording = screen.getByText('First day of anniversary month');
    expect(wording).toHaveAttribute('lang', 'en');
    expect(wording.parentElement).toHaveTextContent(/^The state’s own wording: First day of anniversary month$/);
    expect(screen.getByText(/The name must include one of: “LLC”/)).toBeInTheDocument();
    expect(screen.getByText(/State data: US LLC State Requirements Dataset, StartupSole LLC, CC BY 4.0/)).toBeInTheDocument();
  });

  it('its start buttons open the wizard with the state chosen', () => {
    open('wyoming');
    const starts = screen.getAllByRole('link', { name: 'Start your Wyoming LLC' });
    expect(starts.length).toBeGreaterThan(0);
    for (const link of starts) expect(link).toHaveAttribute('href', '/order?state=WY');
  });

  it('compares with the states the quiz recommends, each linking to its guide', () => {
    open('district-of-columbia', 'es');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Constituir una LLC en Distrito de Columbia');
    const table = within(screen.getByTestId('state-guide-compare'));
    // the guide's own state first, then the seven quiz states
    expect(table.getAllByRole('row')).toHaveLength(1 + 8);
    expect(table.getByRole('link', { name: 'Wyoming' })).toHaveAttribute('href', '/states/wyoming');
    expect(table.getByRole('link', { name: 'Nueva York' })).toHaveAttribute('href', '/states/new-york');
    // DC: no filing fee in the dataset, said so rather than guessed
    expect(screen.getByTestId('state-guide-filingFee')).toHaveTextContent('Sin datos');
    expect(
      screen.getByText('El conjunto de datos aún no tiene un registro del informe anual de Distrito de Columbia: consúltelo con el estado.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Constituya su LLC en Distrito de Columbia' })[0]).toHaveAttribute('href', '/order?state=DC');
  });

  it('an unknown slug shows the not-found screen', () => {
    open('atlantis');
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.queryByTestId('state-guide-start')).toBeNull();
  });
});
