import { uniqueEmail, password } from './support/accounts';
import { expect, test } from './support/fixtures';

/** Answers whose best match is known (src/shared/quiz/scoring.test.ts): California, in Spanish. */
const techFounder = ['Tecnología o software', 'Sin preferencia', 'No es importante', 'California', 'Conseguir inversionistas', 'Protección estándar'];

test.describe('the funnel keeps its place', () => {
  test.beforeEach(() => {
    // a visitor's page asks who is signed in: 401, which Chromium reports on the console
    test.info().annotations.push({ type: 'allow-console-error', description: 'status of 401' });
  });

  test('a Spanish visitor takes the quiz, signs up from its result, and lands in the wizard in Spanish with the state chosen', async ({ page }) => {
    await page.goto('/es/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('link', { name: 'Hacer el cuestionario de estados' }).first().click();

    for (const [i, answer] of techFounder.entries()) {
      await expect(page.getByTestId('quiz-position')).toHaveText(`Pregunta ${i + 1} de ${techFounder.length}`);
      await page.getByRole('radio', { name: answer }).check();
      await page.getByRole('button', { name: /^(Siguiente|Obtener mis recomendaciones)$/ }).click();
    }
    await page.getByRole('link', { name: 'Crear mi LLC en California' }).click();

    // sign-up, not sign-in, in Spanish
    await expect(page).toHaveURL(/\/es\/signup\?next=%2Forder%3Fstate%3DCA$/);
    await page.getByLabel(/^Nombre completo/).fill('Lucía Fernández');
    await page.getByLabel(/^Correo electrónico/).fill(uniqueEmail('funnel'));
    await page.getByLabel(/^Contraseña/).fill(password);
    await page.getByRole('button', { name: 'Registrarse' }).click();

    await expect(page).toHaveURL(/\/es\/order\?state=CA$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // the wizard's state picker shows the quiz's choice instead of the default WY
    await expect(page.locator('select').first()).toHaveValue('CA');
  });

  test('a visitor sent to sign in from a guarded page signs up instead and still arrives there', async ({ page }) => {
    await page.goto('/order?state=DE');
    await expect(page).toHaveURL(/\/login\?next=%2Forder%3Fstate%3DDE$/);
    // the prerendered form's link carries the return path once the page is live
    const signUp = page.getByRole('main').getByRole('link', { name: 'Sign Up' });
    await expect(signUp).toHaveAttribute('href', '/signup?next=%2Forder%3Fstate%3DDE');
    await signUp.click();
    await page.getByLabel(/^Full name/).fill('Tomás Rivera');
    await page.getByLabel(/^Email/).fill(uniqueEmail('funnel'));
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/order\?state=DE$/);
    await expect(page.locator('select').first()).toHaveValue('DE');
  });
});
