import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import enQuiz from '@client/locales/en/quiz.json';
import { StateQuiz } from './state-quiz';
import type { StartTarget } from './result-card';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  ns: ['quiz'],
  defaultNS: 'quiz',
  resources: { en: { quiz: enQuiz } },
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const visitor: StartTarget = { href: () => '/v2', pending: false };

function renderQuiz(start: StartTarget = visitor) {
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <StateQuiz start={start} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return user;
}

const next = () => screen.getByRole('button', { name: /^(Next|Get My Recommendations)$/ });
const previous = () => screen.getByRole('button', { name: 'Previous' });

/** The answers of the known top 3 in scoring.test.ts: CA 12, DE 11, NY 8. */
const techFounder = ['Tech or software', 'No strong preference', 'Not important', 'California', 'Raise money from investors', 'Standard protection'];

describe('<StateQuiz>', () => {
  it('starts on question 1 with Previous disabled and Next disabled until an answer is chosen', async () => {
    const user = renderQuiz();
    expect(screen.getByText('Question 1 of 6')).toBeTruthy();
    expect(screen.getByText('17% complete')).toBeTruthy();
    expect(previous()).toHaveProperty('disabled', true);
    expect(next()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('radio', { name: /E-commerce/ }));
    expect(next()).toHaveProperty('disabled', false);
    await user.click(next());
    expect(screen.getByText('Question 2 of 6')).toBeTruthy();
    expect(previous()).toHaveProperty('disabled', false);
    expect(next()).toHaveProperty('disabled', true);
  });

  it('keeps an answer when going back, and lets it change', async () => {
    const user = renderQuiz();
    await user.click(screen.getByRole('radio', { name: /Consulting/ }));
    await user.click(next());
    await user.click(previous());
    expect(screen.getByRole('radio', { name: /Consulting/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: /Retail/ }));
    expect(screen.getByRole('radio', { name: /Consulting/ })).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: /Retail/ })).toHaveProperty('checked', true);
  });

  it('shows the top 3 with scores out of 18, Best Match first, then Retake starts over empty', async () => {
    const user = renderQuiz();
    for (const answer of techFounder) {
      await user.click(screen.getByRole('radio', { name: new RegExp(answer) }));
      await user.click(next());
    }
    const cards = screen.getAllByTestId('quiz-result');
    expect(cards.map((card) => card.dataset.state)).toEqual(['CA', 'DE', 'NY']);
    expect(cards.map((card) => within(card).getByTestId('quiz-score').textContent)).toEqual(['12/18', '11/18', '8/18']);
    expect(within(cards[0]!).getByText('Best Match')).toBeTruthy();
    expect(within(cards[1]!).queryByText('Best Match')).toBeNull();
    expect(within(cards[0]!).getByText(/center of the US tech industry/)).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: /Start my California LLC/ }).getAttribute('href')).toBe('/v2');
    expect(screen.getByRole('link', { name: 'Choose your own state' }).getAttribute('href')).toBe('/order');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your top 3 states' }));

    await user.click(screen.getByRole('button', { name: 'Retake the quiz' }));
    expect(screen.getByText('Question 1 of 6')).toBeTruthy();
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(next()).toHaveProperty('disabled', true);
  });

  it('points the start button where the page says', async () => {
    const user = renderQuiz({ href: (code) => `/order?state=${code}`, pending: false });
    for (const answer of techFounder) {
      await user.click(screen.getByRole('radio', { name: new RegExp(answer) }));
      await user.click(next());
    }
    expect(screen.getByRole('link', { name: /Start my California LLC/ }).getAttribute('href')).toBe('/order?state=CA');
  });

  it('shows a busy start button until the session is known', async () => {
    const user = renderQuiz({ href: () => '/v2', pending: true });
    for (const answer of techFounder) {
      await user.click(screen.getByRole('radio', { name: new RegExp(answer) }));
      await user.click(next());
    }
    const start = screen.getByRole('button', { name: /Start my California LLC/ });
    expect(start).toHaveProperty('disabled', true);
    expect(start.getAttribute('aria-busy')).toBe('true');
  });

  // arrow keys are covered in a real browser (e2e/quiz.spec.ts): jsdom lacks the CSS.escape user-event needs for them
  it('reaches the options with Tab and picks one with Space', async () => {
    const user = renderQuiz();
    await user.tab(); // Back to Order Form
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Tech or software/ }));
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: /Tech or software/ })).toHaveProperty('checked', true);
    expect(next()).toHaveProperty('disabled', false);
  });
});
