import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** Answers whose top 3 is known (src/shared/quiz/scoring.test.ts): CA 12, DE 11, NY 8. */
const techFounder = ['Tech or software', 'No strong preference', 'Not important', 'California', 'Raise money from investors', 'Standard protection'];

const nextButton = (page: Page) => page.getByRole('button', { name: /^(Next|Get My Recommendations)$/ });

async function answerAll(page: Page, answers: readonly string[]) {
  for (const [i, answer] of answers.entries()) {
    await expect(page.getByTestId('quiz-position')).toHaveText(`Question ${i + 1} of ${answers.length}`);
    await page.getByRole('radio', { name: answer }).check();
    await nextButton(page).click();
  }
}

test.describe('state quiz', () => {
  test.beforeEach(() => {
    // the page asks GET /api/me who is signed in; a visitor gets 401 (404 until the endpoint
    // exists), which Chromium reports on the console
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 401' }, { type: 'allow-console-error', description: 'status of 404' });
  });

  test('answer all six, see the top 3 with Best Match first, then Retake starts over empty', async ({ page }) => {
    await page.goto('/state-quiz');
    await expect(page).toHaveTitle(/State Quiz/);
    await expect(page.getByText('17% complete')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(nextButton(page)).toBeDisabled();

    await answerAll(page, techFounder);

    await expect(page.getByRole('heading', { name: 'Your top 3 states' })).toBeVisible();
    const results = page.getByTestId('quiz-result');
    await expect(results).toHaveCount(3);
    await expect(results.nth(0)).toHaveAttribute('data-state', 'CA');
    await expect(results.nth(0)).toContainText('Best Match');
    await expect(results.nth(0)).toContainText('California');
    await expect(results.nth(0)).toContainText('Match Score');
    await expect(results.nth(0).getByTestId('quiz-score')).toHaveText('12/18');
    await expect(results.nth(1)).toHaveAttribute('data-state', 'DE');
    await expect(results.nth(1).getByTestId('quiz-score')).toHaveText('11/18');
    await expect(results.nth(2)).toHaveAttribute('data-state', 'NY');
    await expect(page.getByText('Best Match')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Choose your own state' })).toHaveAttribute('href', '/order');

    await page.getByRole('button', { name: 'Retake the quiz' }).click();
    await expect(page.getByTestId('quiz-position')).toHaveText('Question 1 of 6');
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(nextButton(page)).toBeDisabled();
  });

  test('going back keeps the answer, and it can be changed', async ({ page }) => {
    await page.goto('/state-quiz');
    await page.getByRole('radio', { name: 'Consulting or services' }).check();
    await nextButton(page).click();
    await expect(page.getByTestId('quiz-position')).toHaveText('Question 2 of 6');
    await expect(nextButton(page)).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('radio', { name: 'Consulting or services' })).toBeChecked();
    await page.getByRole('radio', { name: 'Real estate' }).check();
    await expect(page.getByRole('radio', { name: 'Consulting or services' })).not.toBeChecked();
  });

  test('a visitor who starts with a state goes to sign-up, then on to the wizard (MARKETING_URL is ours here)', async ({ page }) => {
    await page.goto('/state-quiz');
    await answerAll(page, techFounder);
    await page.getByRole('link', { name: 'Start my California LLC' }).click();
    await expect(page).toHaveURL(/\/signup\?next=%2Forder%3Fstate%3DCA$/);
  });

  test('the way back leads a visitor home, not to an order form she does not have', async ({ page }) => {
    await page.goto('/es/state-quiz');
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/es');
    await expect(page.getByRole('link', { name: /formulario de pedido/ })).toHaveCount(0);
  });

  test('the way back leads a customer to the order form', async ({ customerPage }) => {
    await customerPage.goto('/state-quiz');
    await expect(customerPage.getByRole('link', { name: 'Back to Order Form' })).toHaveAttribute('href', '/order');
  });

  test('the options work with the keyboard: Tab in, Space picks, arrows move, Enter goes on', async ({ page }) => {
    await page.goto('/state-quiz');
    const tech = page.getByRole('radio', { name: 'Tech or software' });
    await tech.focus();
    await page.keyboard.press('Space');
    await expect(tech).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'E-commerce' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'E-commerce' })).toBeFocused();
    await expect(tech).not.toBeChecked();
    await page.keyboard.press('ArrowUp');
    await expect(tech).toBeChecked();

    // Tab leaves the group for Previous (disabled, skipped) and lands on Next
    await page.keyboard.press('Tab');
    await expect(nextButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('quiz-position')).toHaveText('Question 2 of 6');
    // focus moved to the new question, so the next Tab reaches its first option
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'No state income tax' })).toBeFocused();
  });

  test('the quiz speaks Spanish', async ({ page }) => {
    await page.goto('/es/state-quiz');
    await expect(page.getByRole('heading', { name: '¿Qué tipo de negocio va a iniciar?' })).toBeVisible();
    await expect(page.getByText('Pregunta 1 de 6')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  // accounts work; the order wizard that reads ?state= (orders issue) is not built yet
  // (its state-picker locator below is a guess to adjust when it lands)
  test('a signed-in user who starts with a state lands in the wizard with that state chosen', async ({ customerPage: page }) => {
    await page.goto('/state-quiz');
    await answerAll(page, techFounder);
    await page.getByRole('link', { name: 'Start my California LLC' }).click();
    await expect(page).toHaveURL(/\/order\?state=CA$/);
    // the wizard's state picker shows the quiz's choice instead of the default WY
    await expect(page.locator('select').first()).toHaveValue('CA');
  });
});
