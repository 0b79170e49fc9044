import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { complianceCalendar, type DoneKind } from '@shared/compliance';
import type { TComplianceAnswer } from '@shared/compliance/api';
import { stubApi } from '@client/testing/api-stub';
import { renderWithProviders } from '@client/testing/render';
import { CompliancePanel } from './compliance-panel';

const route = 'GET /api/orders/:id/compliance';
const doneRoute = 'POST /api/orders/:id/compliance/done';
const linkRoute = '/api/orders/:id/calendar-link';
const feedUrl = `http://localhost/api/calendar/${'a'.repeat(43)}.ics`;
/** The owner's calendar link, as the server keeps it: the URL only in the answer that made it. */
function calendarLinkRoutes() {
  let active = false;
  return {
    [`GET ${linkRoute}`]: () => ({ body: { active, createdAt: active ? '2027-02-10T12:00:00.000Z' : null, url: null } }),
    [`POST ${linkRoute}`]: () => ((active = true), { body: { active, createdAt: '2027-02-10T12:00:00.000Z', url: feedUrl } }),
    [`DELETE ${linkRoute}`]: () => ((active = false), { body: { active, createdAt: null, url: null } }),
  };
}
const company = { state: 'WY' as const, formationDate: '2026-03-15', owners: 'foreign' as const, members: 'single' as const };

/** The server's answer, computed by the real calendar module, with what was marked done. */
function answer(done: { kind: DoneKind; dueDate: string }[] = [], today = '2027-02-10'): TComplianceAnswer {
  return { ...company, deadlines: complianceCalendar({ ...company, done, today }) };
}

function serverWithDone() {
  const done: { kind: DoneKind; dueDate: string }[] = [];
  return stubApi({
    ...calendarLinkRoutes(),
    [route]: () => ({ body: answer(done) }),
    [doneRoute]: ({ body }) => {
      done.push(body as { kind: DoneKind; dueDate: string });
      return { body: answer(done) };
    },
  });
}

const items = (kind: string) => screen.getAllByTestId(`deadline-${kind}`);

describe('the Compliance panel', () => {
  it("shows Wyoming's annual report on the first day of the anniversary month at $60 minimum, Form 5472 on April 15, the BOI note, sources and the credit", async () => {
    serverWithDone();
    renderWithProviders(<CompliancePanel orderId="o1" />);
    const [report] = await screen.findAllByTestId('deadline-state-annual-report');
    expect(report).toHaveAttribute('data-status', 'due-soon'); // 19 days before March 1
    expect(report).toHaveTextContent('Due March 1, 2027');
    expect(report).toHaveTextContent('From $60 (depends on assets or revenue)');
    expect(within(report!).getByText('Due soon')).toBeInTheDocument();
    expect(within(report!).getByRole('link', { name: /^Source/ })).toHaveAttribute('href', 'https://sos.wyo.gov/Business/docs/BusinessFees.pdf');
    expect(items('federal-5472')[0]).toHaveTextContent('Due April 15, 2027 (extension to October 15, 2027)');
    expect(items('federal-5472')[0]).toHaveTextContent('$25,000 penalty');
    expect(items('boi-note')[0]).toHaveTextContent('not required');
    expect(items('registered-agent')[0]).toHaveTextContent('Due March 15, 2027');
    expect(items('registered-agent')[0]).not.toHaveTextContent('not in our data');
    expect(within(items('boi-note')[0]!).queryByRole('button')).toBeNull();
    expect(screen.getByText(/State data: US LLC State Requirements Dataset, StartupSole LLC, CC BY 4.0/)).toBeInTheDocument();
  });

  it('marking done sends the occurrence; it shows Done and the next year appears', async () => {
    const server = serverWithDone();
    const { user } = renderWithProviders(<CompliancePanel orderId="o1" />);
    await screen.findAllByTestId('deadline-state-annual-report');
    await user.click(screen.getByRole('button', { name: 'Mark as done: State annual report and License Fee' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ kind: 'state-annual-report', dueDate: '2027-03-01' });
    expect(items('state-annual-report').map((item) => item.getAttribute('data-status'))).toEqual(['done', 'upcoming']);
    expect(items('state-annual-report')[1]).toHaveTextContent('Due March 1, 2028');
  });

  it('a failed save says so and keeps the deadline open', async () => {
    stubApi({ ...calendarLinkRoutes(), [route]: { body: answer() }, [doneRoute]: { status: 500 } });
    const { user } = renderWithProviders(<CompliancePanel orderId="o1" />);
    await screen.findAllByTestId('deadline-state-annual-report');
    await user.click(screen.getByRole('button', { name: /^Mark as done: Registered agent/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not save that.');
    expect(items('registered-agent')[0]).toHaveAttribute('data-status', 'upcoming');
  });

  it('loading, then an error with a retry', async () => {
    stubApi({ [route]: { status: 500 } });
    renderWithProviders(<CompliancePanel orderId="o1" />);
    expect(await screen.findByText('We could not load your deadlines.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('in Spanish: dates, money and words', async () => {
    serverWithDone();
    renderWithProviders(<CompliancePanel orderId="o1" />, { language: 'es' });
    const [report] = await screen.findAllByTestId('deadline-state-annual-report');
    expect(report).toHaveTextContent('Vence el 1 de marzo de 2027');
    expect(report).toHaveTextContent('Desde US$60');
    expect(within(report!).getByText('Vence pronto')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar como hecho: Informe anual estatal y License Fee (tarifa anual de licencia)' })).toBeInTheDocument();
  });

  it('Add to calendar shows the private link to copy and download; Revoke link takes it away', async () => {
    const server = serverWithDone();
    const { user } = renderWithProviders(<CompliancePanel orderId="o1" />);
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    expect(await screen.findByLabelText(/^Calendar link/)).toHaveValue(feedUrl);
    expect(screen.getByRole('link', { name: 'Download the .ics file' })).toHaveAttribute('href', feedUrl);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Calendar link/)).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.endsWith('/calendar-link')).map((call) => call.method)).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('in Spanish: Agregar al calendario', async () => {
    serverWithDone();
    renderWithProviders(<CompliancePanel orderId="o1" />, { language: 'es' });
    expect(await screen.findByRole('button', { name: 'Agregar al calendario' })).toBeInTheDocument();
  });
});
