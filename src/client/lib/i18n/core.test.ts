import { describe, expect, it, vi } from 'vitest';
import enStateGuides from '@client/locales/en/stateGuides.json';
import esStateGuides from '@client/locales/es/stateGuides.json';
import enSupport from '@client/locales/en/support.json';
import esSupport from '@client/locales/es/support.json';
import { createI18n, type Resources, type Texts } from '@shared/i18n/translator';

const resources: Resources = {
  en: {
    common: { brand: 'Frontera', errors: { internal: 'Something went wrong' }, greeting: 'Hello {{name}}', shared: 'from common' },
    auth: {
      title: 'Sign in as {{name}}',
      shared: 'from auth',
      steps: ['Pay {{price}}', 'Wait'],
      card: { heading: 'For {{price}}', points: ['{{price}} once'] },
    },
    admin: { total_one: '{{count}} order', total_other: '{{count}} orders', only: 'admin only' },
    stateGuides: enStateGuides,
    support: enSupport,
  },
  es: {
    common: { brand: 'Frontera', shared: 'de common' },
    admin: { total_one: '{{count}} pedido', total_other: '{{count}} pedidos' },
    stateGuides: esStateGuides,
    support: esSupport,
  },
};

describe('t', () => {
  const i18n = createI18n({ language: 'en', resources });

  it('fills {{name}} placeholders as given, unescaped; a value the options lack stays written, an undefined one reads as nothing', () => {
    const t = i18n.getFixedT(null, 'auth');
    expect(t('title', { name: 'Ana & <Bo>' })).toBe('Sign in as Ana & <Bo>');
    expect(i18n.t('greeting', { name: 3 })).toBe('Hello 3');
    expect(i18n.t('greeting')).toBe('Hello {{name}}');
    expect(i18n.t('greeting', { name: undefined })).toBe('Hello ');
  });

  it('picks the plural form of the language for count, in English and Spanish', () => {
    const en = i18n.getFixedT('en', 'stateGuides');
    const es = i18n.getFixedT('es', 'stateGuides');
    expect(en('processing.upTo', { count: 1 })).toBe('up to 1 business day');
    expect(en('processing.upTo', { count: 0 })).toBe('up to 0 business days');
    expect(en('processing.exactly', { count: 5 })).toBe('5 business days');
    expect(es('processing.upTo', { count: 1 })).toBe('hasta 1 día hábil');
    expect(es('processing.exactly', { count: 2 })).toBe('2 días hábiles');
    expect(es('processing.exactly', { count: 0 })).toBe('0 días hábiles');
    // Spanish says "many" of a million: the files only have one and other, so other
    expect(new Intl.PluralRules('es').select(1_000_000)).toBe('many');
    expect(i18n.getFixedT('es', 'admin')('total', { count: 1_000_000 })).toBe('1000000 pedidos');
  });

  it('picks key_<context> when there is one (the affiliate form), else the key itself', () => {
    const en = i18n.getFixedT('en', 'support');
    const es = i18n.getFixedT('es', 'support');
    expect(en('messageRequired', { context: 'affiliate' })).toBe('Affiliate request is required');
    expect(es('messageRequired', { context: 'affiliate' })).toBe('La solicitud de afiliado es obligatoria');
    expect(en('messageRequired')).toBe('Support message is required');
    expect(en('nameRequired', { context: 'affiliate' })).toBe(enSupport.nameRequired);
  });

  it('with a context and a count, tries the context first, each with its plural, as i18next does', () => {
    const t = (texts: Record<string, string>) => createI18n({ language: 'en', resources: { en: { common: texts } } }).getFixedT('en');
    const all = { item_affiliate_one: 'ctx one', item_affiliate_other: 'ctx other', item_affiliate: 'ctx', item_one: 'one', item_other: 'other', item: 'bare' };
    expect(t(all)('item', { context: 'affiliate', count: 1 })).toBe('ctx one');
    expect(t(all)('item', { context: 'affiliate', count: 2 })).toBe('ctx other');
    // a context without plural forms beats the plural forms without the context
    const { item_affiliate_one: _one, item_affiliate_other: _other, ...contextWithoutPlurals } = all;
    expect(t(contextWithoutPlurals)('item', { context: 'affiliate', count: 1 })).toBe('ctx');
    // a context the file does not have: the plural forms of the key
    expect(t(all)('item', { context: 'ticket', count: 1 })).toBe('one');
    expect(t(all)('item', { context: 'ticket', count: 5 })).toBe('other');
    const { item_one: _bareOne, item_other: _bareOther, ...bareOnly } = contextWithoutPlurals;
    expect(t(bareOnly)('item', { context: 'ticket', count: 5 })).toBe('bare');
  });

  it('returns arrays and objects with returnObjects, every string interpolated; without it, their key', () => {
    const t = i18n.getFixedT('en', 'auth');
    expect(t('steps', { returnObjects: true, price: '$399' })).toEqual(['Pay $399', 'Wait']);
    expect(t('card', { returnObjects: true, price: '$399' })).toEqual({ heading: 'For $399', points: ['$399 once'] });
    expect(t('card')).toBe('card');
    expect(t('steps.1')).toBe('Wait');
    // the texts held by the instance are not changed by interpolating them
    expect(t('steps', { returnObjects: true })).toEqual(['Pay {{price}}', 'Wait']);
  });

  it('reads a missing key as itself (without its namespace), or as defaultValue', () => {
    const t = i18n.getFixedT('en', 'auth');
    expect(t('nowhere.to.be.found')).toBe('nowhere.to.be.found');
    expect(t('seo:productName')).toBe('productName');
    expect(t('states.ZZ', { defaultValue: 'ZZ' })).toBe('ZZ');
    expect(t('amount.basis.none', { defaultValue: '' })).toBe('');
    expect(i18n.t('errors.internal', { defaultValue: 'unused' })).toBe('Something went wrong');
  });

  it("looks in the t's namespaces in turn, then in common; ns options and ns: prefixes choose others", () => {
    expect(i18n.getFixedT('en', 'auth')('errors.internal')).toBe('Something went wrong');
    expect(i18n.getFixedT('en', 'auth')('shared')).toBe('from auth');
    // only the first namespace unless the t is given them all (nsMode 'fallback')
    expect(i18n.getFixedT('en', 'auth')('only')).toBe('only');
    expect(i18n.getFixedT('en', ['auth', 'admin'])('only')).toBe('admin only');
    expect(i18n.getFixedT('en', ['admin', 'auth'])('shared')).toBe('from auth');
    expect(i18n.t('only', { ns: 'admin' })).toBe('admin only');
    expect(i18n.t('admin:only')).toBe('admin only');
    expect(i18n.getFixedT('en', 'auth')('shared', { ns: 'common' })).toBe('from common');
    // no other language to fall back to
    expect(i18n.getFixedT('es', 'auth')('title')).toBe('title');
  });

  it('says whether a key exists in the current language, in common unless told', () => {
    expect(i18n.exists('errors.internal')).toBe(true);
    expect(i18n.exists('only')).toBe(false);
    expect(i18n.exists('only', { ns: 'admin' })).toBe(true);
    expect(i18n.exists('admin:only')).toBe(true);
    expect(i18n.exists('errors.nothing', { ns: 'admin' })).toBe(false);
  });
});

/** A loader whose namespaces arrive when the test says so. */
function deferredLoader(texts: Resources) {
  const waiting: { language: string; namespace: string; settle: (fail?: boolean) => void }[] = [];
  const load = vi.fn(
    (language: string, namespace: string) =>
      new Promise<Texts>((resolve, reject) => {
        waiting.push({
          language,
          namespace,
          settle: (fail) => (fail ? reject(new Error('offline')) : resolve(texts[language]![namespace]!)),
        });
      }),
  );
  const arrive = async (language: string, namespace: string, fail = false) => {
    const index = waiting.findIndex((entry) => entry.language === language && entry.namespace === namespace);
    if (index < 0) throw new Error(`${language}/${namespace} was not asked for`);
    waiting.splice(index, 1)[0]!.settle(fail);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { load, arrive, waiting };
}

describe('loading and changing language', () => {
  const texts: Resources = {
    en: { common: { hello: 'Hello' }, auth: { signup: 'Sign up' } },
    es: { common: { hello: 'Hola' }, auth: { signup: 'Registrarse' } },
  };

  it('announces a change at once and makes it once the namespaces in use have arrived; subscribers hear of it', async () => {
    const { load, arrive } = deferredLoader(texts);
    const i18n = createI18n({ load });
    const events: string[] = [];
    i18n.on('languageChanging', (language) => events.push(`changing ${language}`));
    i18n.on('languageChanged', (language) => events.push(`changed ${language}`));
    const onChange = vi.fn();
    const unsubscribe = i18n.subscribe(onChange);

    const ready = i18n.changeLanguage('en');
    expect(events).toEqual(['changing en']);
    expect(i18n.language).toBe('');
    await arrive('en', 'common');
    await ready;
    expect(events).toEqual(['changing en', 'changed en']);
    expect(i18n.t('hello')).toBe('Hello');
    expect(onChange).toHaveBeenCalled();

    const auth = i18n.loadNamespaces('auth');
    expect(i18n.hasLoadedNamespaces(['auth'])).toBe(false);
    // asking again while it loads fetches nothing more, and gives the same promise
    expect(i18n.loadNamespaces('auth')).toBe(auth);
    await arrive('en', 'auth');
    await auth;
    expect(i18n.hasLoadedNamespaces(['common', 'auth'])).toBe(true);

    onChange.mockClear();
    const switched = i18n.changeLanguage('es');
    await arrive('es', 'common');
    // still English until every namespace in use has arrived in Spanish
    expect(i18n.language).toBe('en');
    expect(i18n.t('auth:signup')).toBe('Sign up');
    await arrive('es', 'auth');
    await switched;
    expect(i18n.language).toBe('es');
    expect(i18n.t('auth:signup')).toBe('Registrarse');
    expect(onChange).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(4);

    // texts already here: the switch is done before changeLanguage returns
    void i18n.changeLanguage('en');
    expect(i18n.language).toBe('en');
    unsubscribe();
  });

  it('of two changes that overlap, keeps the last one', async () => {
    const { load, arrive } = deferredLoader(texts);
    const i18n = createI18n({ language: 'en', resources: { en: texts.en! }, load });
    const toSpanish = i18n.changeLanguage('es');
    const backToEnglish = i18n.changeLanguage('en');
    await backToEnglish;
    expect(i18n.language).toBe('en');
    await arrive('es', 'common');
    await toSpanish;
    expect(i18n.language).toBe('en');
  });

  it('treats a namespace that failed to load as settled: its keys show, and it is not asked for again', async () => {
    const { load, arrive } = deferredLoader(texts);
    const i18n = createI18n({ language: 'en', resources: { en: { common: texts.en!.common! } }, load });
    const onChange = vi.fn();
    i18n.subscribe(onChange);
    const loading = i18n.loadNamespaces(['auth']);
    await arrive('en', 'auth', true);
    await expect(loading).resolves.toBeUndefined();
    expect(onChange).toHaveBeenCalled();
    expect(i18n.hasLoadedNamespaces(['auth'])).toBe(true);
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(false);
    expect(i18n.t('auth:signup')).toBe('signup');
    await i18n.loadNamespaces('auth');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for nothing without a loader: the texts given are all there is', () => {
    const i18n = createI18n({ language: 'es', resources: texts });
    expect(i18n.hasLoadedNamespaces(['common', 'auth', 'geo'])).toBe(true);
    expect(i18n.hasResourceBundle('es', 'geo')).toBe(false);
  });
});

describe('typography', () => {
  it('joins "EE. UU." with a no-break space, in the catalogue text and in a value put into it, so it never splits across lines', () => {
    const t = createI18n({ language: 'es', resources: { es: { common: { title: 'Su LLC en EE. UU.', quoted: 'Dirección: {{address}}' } } } }).getFixedT('es');
    expect(t('title')).toBe('Su LLC en EE.\u00a0UU.');
    expect(t('quoted', { address: 'Cheyenne, WY, EE. UU.' })).toBe('Dirección: Cheyenne, WY, EE.\u00a0UU.');
    expect(t('title')).not.toMatch(/EE\. UU\./);
  });
});
