/**
 * The translator behind every text of the app (ADR 0017): the subset of i18next the app used,
 * with the same lookup rules, so the locale files and every call site stayed as they were. No
 * React and no browser: the server's emails, receipt, CSV and calendar feed read the same
 * catalogues through it (src/server/platform/i18n).
 */

/** One namespace of one language: nested objects and arrays of strings (locales/<language>/<namespace>.json). */
export type Texts = { readonly [key: string]: unknown };
/** language → namespace → texts */
export type Resources = Record<string, Record<string, Texts>>;

/** Every lookup ends in this namespace, and `t` without a namespace looks only here. */
export const commonNamespace = 'common';

export interface TOptions {
  /** the namespace(s) to look in instead of the t's own; `common` always comes last */
  ns?: string | readonly string[];
  /** picks `key_one`, `key_other` … by the language's plural rules (Intl.PluralRules) */
  count?: number;
  /** picks `key_<context>` when it exists, else `key` */
  context?: string;
  /** the text when no namespace has the key (else the key itself) */
  defaultValue?: string;
  /** the key's array or object, every string in it interpolated */
  returnObjects?: boolean;
  /** the values of `{{name}}` placeholders */
  [name: string]: unknown;
}

export interface TFunction {
  (key: string, options?: TOptions & { returnObjects?: false }): string;
  /** an array or object as stored: check its shape (lib/translated-lists.ts) */
  (key: string, options: TOptions & { returnObjects: true }): unknown;
}

export type LanguageEvent = 'languageChanging' | 'languageChanged';
type Listener = (language: string) => void;

export interface I18n {
  /** the language of the texts on screen ('' until the first changeLanguage of an instance created without one) */
  readonly language: string;
  /** in the current language, namespace `common` */
  t: TFunction;
  /** a t for one language (null: the current one at each call) and namespace(s), looked up in order */
  getFixedT(language: string | null, ns?: string | readonly string[]): TFunction;
  exists(key: string, options?: Pick<TOptions, 'ns'>): boolean;
  /**
   * Emits `languageChanging` at once, loads the new language's namespaces already in use, then
   * switches and emits `languageChanged`. Of changes that overlap, the last one wins.
   */
  changeLanguage(language: string): Promise<void>;
  /** Loads namespaces of the current language; settles when each has arrived or failed, never rejects. */
  loadNamespaces(ns: string | readonly string[]): Promise<void>;
  hasResourceBundle(language: string, namespace: string): boolean;
  /** whether rendering these namespaces in the current language has nothing left to wait for (arrived or failed) */
  hasLoadedNamespaces(namespaces: readonly string[]): boolean;
  on(event: LanguageEvent, listener: Listener): void;
  off(event: LanguageEvent, listener: Listener): void;
  /** for useSyncExternalStore: called after a language change and after a namespace arrives or fails */
  subscribe(onChange: () => void): () => void;
}

export interface I18nOptions {
  /** the starting language, with no events (an instance whose texts are all at hand) */
  language?: string;
  resources?: Resources;
  /** fetches one namespace; without it, a namespace not in `resources` has nothing to wait for */
  load?: (language: string, namespace: string) => Promise<Texts>;
  /**
   * Values every text of a language may use without the call site giving them (i18next's
   * `interpolation.defaultVariables`): the figures copy quotes, written in the language's format
   * (src/shared/figures.ts). A value the call gives wins.
   */
  variables?: (language: string) => Readonly<Record<string, string>>;
}

const placeholder = /{{\s*(\w+)\s*}}/g;

/**
 * `{{name}}` takes the option of that name, unescaped (React escapes what it renders), else the
 * language's variable of that name; a name neither has stays as written, one set to undefined or
 * null reads as nothing, as in i18next.
 */
function interpolate(text: string, values: TOptions, variables: Readonly<Record<string, string>>): string {
  return keepTogether(
    text.replace(placeholder, (match, name: string) => {
      if (!Object.hasOwn(values, name)) return Object.hasOwn(variables, name) ? variables[name]! : match;
      const value = values[name];
      return value == null ? '' : String(value as string);
    }),
  );
}

/**
 * Abbreviations that must not break across lines: "EE. UU." split after "EE." reads as two words
 * on a 320 px phone (and in a PDF's narrow column). A no-break space joins them in every text the
 * catalogues give, on screen, in emails and in documents (docs/glossary.md).
 */
export const keepTogether = (text: string) => text.replaceAll('EE. UU.', 'EE.\u00a0UU.');

function interpolateAll(value: unknown, values: TOptions, variables: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return interpolate(value, values, variables);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, values, variables));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, values, variables)]));
  return value;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

const asList = (ns: string | readonly string[]) => (typeof ns === 'string' ? [ns] : ns);

export function createI18n({ language: startLanguage = '', resources = {}, load, variables }: I18nOptions = {}): I18n {
  const bundles: Resources = Object.fromEntries(Object.entries(resources).map(([language, namespaces]) => [language, { ...namespaces }]));
  let language = startLanguage;
  /** the last language asked for while its texts load */
  let changingTo: string | undefined;
  /** every namespace asked for so far: a language change loads them all before switching */
  const used = new Set([commonNamespace]);
  const failed = new Set<string>();
  /** one promise per language and namespace list: asking again while they load fetches nothing more */
  const loads = new Map<string, Promise<void>>();
  const listeners: Record<LanguageEvent, Set<Listener>> = { languageChanging: new Set(), languageChanged: new Set() };
  const subscribers = new Set<() => void>();

  const emit = (event: LanguageEvent, value: string) => listeners[event].forEach((listener) => listener(value));
  const notify = () => subscribers.forEach((onChange) => onChange());
  const variablesOf = new Map<string, Readonly<Record<string, string>>>();
  const languageVariables = (lng: string) => {
    let found = variablesOf.get(lng);
    if (!found) variablesOf.set(lng, (found = variables?.(lng) ?? {}));
    return found;
  };
  const settled = (lng: string, ns: string) => !load || Boolean(bundles[lng]?.[ns]) || failed.has(`${lng}|${ns}`);

  function loadAll(lng: string, namespaces: readonly string[]): Promise<void> {
    const id = `${lng}|${namespaces.join()}`;
    let loading = loads.get(id);
    if (!loading) {
      loading =
        namespaces.length === 1
          ? // a namespace that fails shows its keys, as with i18next; it is not asked for again
            load!(lng, namespaces[0]!).then(
              (texts) => void ((bundles[lng] ??= {})[namespaces[0]!] = texts),
              () => void failed.add(id),
            )
          : Promise.all(namespaces.map((ns) => loadAll(lng, [ns]))).then(() => undefined);
      loads.set(id, loading);
      if (namespaces.length === 1) void loading.then(notify);
    }
    return loading;
  }

  /** the value of `key` (without its `ns:` prefix) in the first of `namespaces`, then `common`, that has it */
  function find(lng: string, namespaces: readonly string[], key: string, options: TOptions): unknown {
    const plurals = typeof options.count === 'number' ? [`_${pluralCategory(lng, options.count)}`, '_other'] : [];
    const contexts = options.context ? [`_${options.context}`, ''] : [''];
    const candidates = contexts.flatMap((context) => [...plurals.map((plural) => key + context + plural), key + context]);
    for (const ns of new Set([...namespaces, commonNamespace])) {
      for (const candidate of candidates) {
        let value: unknown = bundles[lng]?.[ns];
        for (const part of candidate.split('.')) value = (value as Texts | undefined)?.[part];
        if (value != null) return value;
      }
    }
    return undefined;
  }

  /** 'seo:imageAlt': the namespace in the key wins over the t's and the options' */
  function lookup(lng: string, namespaces: readonly string[], key: string, options: TOptions) {
    const separator = key.indexOf(':');
    if (separator > 0) [namespaces, key] = [[key.slice(0, separator)], key.slice(separator + 1)];
    return { key, value: find(lng, options.ns ? asList(options.ns) : namespaces, key, options) };
  }

  function translate(lng: string, namespaces: readonly string[], fullKey: string, options: TOptions = {}): unknown {
    const { key, value } = lookup(lng, namespaces, fullKey, options);
    if (options.returnObjects && typeof value === 'object') return interpolateAll(value, options, languageVariables(lng));
    // a missing key reads as itself, without its namespace, as in i18next
    return interpolate(typeof value === 'string' ? value : (options.defaultValue ?? key), options, languageVariables(lng));
  }

  function getFixedT(lng: string | null, ns: string | readonly string[] = commonNamespace): TFunction {
    const namespaces = asList(ns);
    return ((key: string, options?: TOptions) => translate(lng ?? language, namespaces, key, options)) as TFunction;
  }

  function switchTo(next: string) {
    if (changingTo !== next) return;
    changingTo = undefined;
    language = next;
    emit('languageChanged', next);
    notify();
  }

  return {
    get language() {
      return language;
    },
    t: getFixedT(null),
    getFixedT,
    exists: (key, options = {}) => lookup(language, [commonNamespace], key, options).value !== undefined,
    changeLanguage(next) {
      changingTo = next;
      emit('languageChanging', next);
      const needed = [...used].filter((ns) => !settled(next, ns));
      // texts at hand: switch before returning, as i18next does
      if (needed.length === 0) {
        switchTo(next);
        return Promise.resolve();
      }
      return loadAll(next, needed).then(() => switchTo(next));
    },
    loadNamespaces(ns) {
      const namespaces = asList(ns);
      namespaces.forEach((namespace) => used.add(namespace));
      const missing = namespaces.filter((namespace) => !settled(language, namespace));
      return missing.length === 0 ? Promise.resolve() : loadAll(language, missing);
    },
    hasResourceBundle: (lng, ns) => Boolean(bundles[lng]?.[ns]),
    hasLoadedNamespaces: (namespaces) => namespaces.every((ns) => settled(language, ns)),
    on: (event, listener) => void listeners[event].add(listener),
    off: (event, listener) => void listeners[event].delete(listener),
    subscribe(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
  };
}
