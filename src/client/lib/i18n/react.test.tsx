import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { createI18n, type Resources, type Texts } from '@shared/i18n/translator';
import { translateUncheckedKey } from '@shared/i18n/keys';
import { I18nProvider, useTranslation } from './react';

const texts: Resources = {
  en: { common: { loading: 'Loading', hello: 'Hello' }, auth: { signup: 'Sign up' }, geo: { WY: 'Wyoming' } },
  es: { common: { loading: 'Cargando', hello: 'Hola' }, auth: { signup: 'Registrarse' }, geo: { WY: 'Wyoming' } },
};

/** English `common` at hand; every other namespace arrives when `arrive` is called. */
function setup() {
  const pending = new Map<string, () => void>();
  const i18n = createI18n({
    language: 'en',
    resources: { en: { common: texts.en!.common! } },
    load: (language, namespace) => new Promise<Texts>((resolve) => pending.set(`${language}/${namespace}`, () => resolve(texts[language]![namespace]!))),
  });
  const arrive = (...names: string[]) =>
    act(async () => {
      for (const name of names) pending.get(name)!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { i18n, arrive, pending };
}

function SignUp() {
  const { t } = useTranslation(['auth', 'geo'], { nsMode: 'fallback' });
  return (
    <p>
      {/* the test's own texts, not the app's catalogue: their keys go unchecked */}
      {t('signup')} {translateUncheckedKey(t, 'WY')} {translateUncheckedKey(t, 'hello')}
    </p>
  );
}

function Hint() {
  const { t, ready } = useTranslation('auth', { useSuspense: false });
  return <p>{ready ? t('signup') : 'not yet'}</p>;
}

describe('useTranslation', () => {
  it("suspends until every namespace it names has arrived, then renders; a language change renders it again in the new language's texts", async () => {
    const { i18n, arrive, pending } = setup();
    // awaited: React reports a component that suspends in an act() nobody waits for
    await act(async () => {
      render(
        <I18nProvider i18n={i18n}>
          <Suspense fallback={<p>Loading</p>}>
            <SignUp />
          </Suspense>
        </I18nProvider>,
      );
    });
    expect(screen.getByText('Loading')).toBeVisible();
    expect([...pending.keys()]).toEqual(['en/auth', 'en/geo']);
    await arrive('en/auth');
    expect(screen.getByText('Loading')).toBeVisible();
    await arrive('en/geo');
    expect(await screen.findByText('Sign up Wyoming Hello')).toBeVisible();

    let switched!: Promise<void>;
    act(() => void (switched = i18n.changeLanguage('es')));
    await arrive('es/common', 'es/auth');
    // the text on screen stays English, not a fallback, until all of it can be Spanish
    expect(screen.getByText('Sign up Wyoming Hello')).toBeVisible();
    await arrive('es/geo');
    await act(() => switched);
    expect(await screen.findByText('Registrarse Wyoming Hola')).toBeVisible();
  });

  it('with useSuspense false, renders at once with ready false and again when the texts are there', async () => {
    const { i18n, arrive } = setup();
    render(
      <I18nProvider i18n={i18n}>
        <Hint />
      </I18nProvider>,
    );
    expect(screen.getByText('not yet')).toBeVisible();
    await arrive('en/auth');
    expect(screen.getByText('Sign up')).toBeVisible();
  });

  it('keeps the same t across renders in one language, and gives a new one with the language', async () => {
    const { i18n, arrive } = setup();
    const seen = new Set<unknown>();
    function Probe({ n }: { n: number }) {
      const { t } = useTranslation();
      seen.add(t);
      return <p>{`${translateUncheckedKey(t, 'hello')} ${n}`}</p>;
    }
    const ui = (n: number) => (
      <I18nProvider i18n={i18n}>
        <Probe n={n} />
      </I18nProvider>
    );
    const view = render(ui(1));
    view.rerender(ui(2));
    expect(screen.getByText('Hello 2')).toBeVisible();
    expect(seen.size).toBe(1);
    act(() => void i18n.changeLanguage('es'));
    await arrive('es/common');
    expect(screen.getByText('Hola 2')).toBeVisible();
    expect(seen.size).toBe(2);
  });
});
