import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { appTranslator } from './app';
import { commonNamespace, type I18n } from '@shared/i18n/translator';
import type { Namespace, Namespaces, TFunction, TypedI18n } from '@shared/i18n/keys';

const I18nContext = createContext<I18n>(appTranslator);

/** Another instance for what is below (a test's texts held in memory); without it, the app's. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

export interface UseTranslationOptions<Mode extends 'fallback' | undefined = 'fallback' | undefined> {
  /** 'fallback': t looks a key up in each namespace in turn (else only in the first) */
  nsMode?: Mode;
  /** false: never suspend; `ready` says when the texts are there (they load after the first render) */
  useSuspense?: boolean;
}

/** the namespaces a `t` of useTranslation(ns, { nsMode }) looks in (`common` comes last in any case) */
type LookedUp<N extends Namespaces, Mode> = N extends Namespace
  ? N
  : Mode extends 'fallback'
    ? N
    : N extends readonly [infer First extends Namespace, ...unknown[]]
      ? First
      : 'common';

/**
 * The texts of `ns` (`common` by default; `common` is also where every lookup ends) in the current
 * language. Suspends until every namespace listed has arrived, the first time each is used, and
 * renders again when the language changes, with a new `t`, typed by the namespaces (keys.ts).
 */
export function useTranslation<const N extends Namespaces = 'common', Mode extends 'fallback' | undefined = undefined>(
  ns?: N,
  options?: UseTranslationOptions<Mode>,
): { t: TFunction<LookedUp<N, Mode>>; i18n: TypedI18n; ready: boolean };
export function useTranslation(
  ns: string | readonly string[] = commonNamespace,
  { nsMode, useSuspense = true }: UseTranslationOptions = {},
): { t: unknown; i18n: TypedI18n; ready: boolean } {
  const i18n = useContext(I18nContext);
  // a string, so that a list literal written in the call does not look new on every render
  const key = typeof ns === 'string' ? ns : ns.join();
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const readyNow = () => i18n.hasLoadedNamespaces(key.split(','));
  const ready = useSyncExternalStore(i18n.subscribe, readyNow, readyNow);
  useEffect(() => {
    if (!ready) void i18n.loadNamespaces(key.split(','));
  }, [i18n, key, ready]);
  const t = useMemo(() => i18n.getFixedT(language, nsMode === 'fallback' ? key.split(',') : key.split(',')[0]), [i18n, language, key, nsMode]);
  // Thrown, as react-i18next does, rather than use(): React replays a component whose use()
  // promise settled at once, and this one no longer calls use() then (the texts are there).
  if (!ready && useSuspense) throw i18n.loadNamespaces(key.split(','));
  return { t, i18n: i18n as unknown as TypedI18n, ready };
}
