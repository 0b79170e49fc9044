import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { StateQuiz } from './state-quiz';
import type { StartTarget } from './result-card';

const visitor: StartTarget = { href: () => '/v2', pending: false };

const renderQuiz = (start: StartTarget = visitor) => renderWithProviders(<StateQuiz start={start} />).user;

const next = () => screen.getByRole('button', { name: /^(Next|Get My Recommendations)$/ });
const previous = () => screen.getByRole('button', { name: 'Previous' });

/** The answers of the known top 3 in scoring.test.ts: CA 12, DE 11, NY 8. */
const techFounder = ['Tech or software', 'No strong preference', 'Not important', 'California', 'Raise money from investors', 'Standard protection'];

describe('<StateQuiz>', () => {
  it('starts on question 1 with Previous disabled and Next disabled until an answer is chosen', async () => {
    const user = renderQuiz();
    expect(screen.getByText('Question 1 of 6')).toBeVisible();
    expect(screen.getByText('17% complete')).toBeVisible();
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /E-commerce/ }));
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(screen.getByText('Question 2 of 6')).toBeVisible();
    expect(previous()).toBeEnabled();
    expect(next()).toBeDisabled();
  });

  it('keeps an answer when going back, and lets it change', async () => {
    const user = renderQuiz();
    await user.click(screen.getByRole('radio', { name: /Consulting/ }));
    await user.click(next());
    await user.click(previous());
    expect(screen.getByRole('radio', { name: /Consulting/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Retail/ }));
    expect(screen.getByRole('radio', { name: /Consulting/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Retail/ })).toBeChecked();
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
    expect(cards[0]).toHaveTextContent('Best Match');
    expect(cards[1]).not.toHaveTextContent('Best Match');
    expect(cards[0]).toHaveTextContent(/center of the US tech industry/);
    expect(within(cards[0]!).getByRole('link', { name: /Start my California LLC/ })).toHaveAttribute('href', '/v2');
    // each recommended state leads to its guide
    expect(
      cards.map((card) =>
        within(card)
          .getByRole('link', { name: /guide$/ })
          .getAttribute('href'),
      ),
    ).toEqual(['/states/california', '/states/delaware', '/states/new-york']);
    expect(within(cards[2]!).getByRole('link', { name: 'Read the New York guide' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose your own state' })).toHaveAttribute('href', '/order');
    expect(screen.getByRole('heading', { name: 'Your top 3 states' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Retake the quiz' }));
    expect(screen.getByText('Question 1 of 6')).toBeVisible();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(next()).toBeDisabled();
  });

  it('points the start button where the page says', async () => {
    const user = renderQuiz({ href: (code) => `/order?state=${code}`, pending: false });
    for (const answer of techFounder) {
      await user.click(screen.getByRole('radio', { name: new RegExp(answer) }));
      await user.click(next());
    }
    expect(screen.getByRole('link', { name: /Start my California LLC/ })).toHaveAttribute('href', '/order?state=CA');
  });

  it('shows a busy start button until the session is known', async () => {
    const user = renderQuiz({ href: () => '/v2', pending: true });
    for (const answer of techFounder) {
      await user.click(screen.getByRole('radio', { name: new RegExp(answer) }));
      await user.click(next());
    }
    const start = screen.getByRole('button', { name: /Start my California LLC/ });
    expect(start).toHaveAttribute('aria-disabled', 'true');
    expect(start).toHaveAttribute('aria-busy', 'true');
  });

  // arrow keys are covered in a real browser (e2e/quiz.spec.ts): jsdom lacks the CSS.escape user-event needs for them
  it('reaches the options with Tab and picks one with Space', async () => {
    const user = renderQuiz();
    await user.tab(); // Back to Order Form
    await user.tab();
    expect(screen.getByRole('radio', { name: /Tech or software/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: /Tech or software/ })).toBeChecked();
    expect(next()).toBeEnabled();
  });
});
