import type { I18n, TFunction as UntypedTFunction, TOptions } from './translator';
import type { EnglishObjects, EnglishTexts } from './texts.generated';

/*
 * Typed texts: the type checker knows every key of every English namespace and the
 * values its text needs (texts.generated.ts, written from locales/en by scripts/locale-types.ts),
 * so a key no namespace of the call has, or a `{{placeholder}}` without its value, fails
 * `npm run typecheck`. Types only: the translator (core.ts) is the same at run time.
 *
 * A `t` looks a key up in its namespaces in order, then in `common`; `ns:key` names the namespace
 * itself. A plural is asked for by its base key with `count`; `key_<context>` by `key` with
 * `context`; an array or object with `returnObjects: true` (its shape is checked where it is read,
 * lib/translated-lists.ts). A key built at run time is typed by its parts: `status.${OrderStatus}`
 * is a union of keys. A key that only data knows (a server's message key) goes through
 * `translateUncheckedKey`, by name.
 */

export type Namespace = keyof EnglishTexts & string;

/** One namespace or a list of them, as `useTranslation` and `getFixedT` take them. */
export type Namespaces = Namespace | readonly Namespace[];

type ListOf<N extends Namespaces> = N extends Namespace ? readonly [N] : N;

type StringKeysOf<N> = N extends Namespace ? keyof EnglishTexts[N] & string : never;
type ObjectKeysOf<N> = N extends Namespace ? keyof EnglishObjects[N] & string : never;

type PrefixedStringKey = { [N in Namespace]: `${N}:${StringKeysOf<N>}` }[Namespace];
type PrefixedObjectKey = { [N in Namespace]: `${N}:${ObjectKeysOf<N>}` }[Namespace];

/** The keys of texts a `t` of these namespaces reads as strings. */
export type TextKey<L extends readonly Namespace[]> = StringKeysOf<L[number] | 'common'> | PrefixedStringKey;
/** The keys of arrays and objects a `t` of these namespaces reads with `returnObjects: true`. */
export type ObjectKey<L extends readonly Namespace[]> = ObjectKeysOf<L[number] | 'common'> | PrefixedObjectKey;

/** The values of `key` in the first namespace of `L` that has it, as the translator looks it up. */
type Find<Table, L extends readonly unknown[], K> = L extends readonly [infer Head, ...infer Tail]
  ? Head extends keyof Table
    ? K extends keyof Table[Head]
      ? Table[Head][K]
      : Find<Table, Tail, K>
    : never
  : never;

type ValuesOf<Table, L extends readonly Namespace[], K> = K extends `${infer N extends Namespace}:${infer Rest}`
  ? N extends keyof Table
    ? Rest extends keyof Table[N]
      ? Table[N][Rest]
      : never
    : never
  : Find<Table, [...L, 'common'], K>;

/** a key built of a union (`status.${s}`) needs the values of every text it may be */
type AllOf<U> = (U extends unknown ? (values: U) => void : never) extends (values: infer I) => void ? I : never;

interface CommonOptions {
  /** the text when no namespace has the key */
  defaultValue?: string;
}

type TextValues<L extends readonly Namespace[], K> = AllOf<ValuesOf<EnglishTexts, L, K>>;
type ObjectValues<L extends readonly Namespace[], K> = AllOf<ValuesOf<EnglishObjects, L, K>>;

/**
 * The key as written when the namespaces have it, else every key they have: the type checker
 * then reports the key itself ('"bogus" is not assignable to "a" | "b" …'), not the options.
 */
type CheckedKey<L extends readonly Namespace[], K> = [K] extends [TextKey<L> | ObjectKey<L>] ? K : TextKey<L> | ObjectKey<L>;

type OptionsArgs<L extends readonly Namespace[], K> = [K] extends [TextKey<L>]
  ? Record<never, never> extends TextValues<L, K>
    ? [options?: TextValues<L, K> & CommonOptions]
    : [options: TextValues<L, K> & CommonOptions]
  : [K] extends [ObjectKey<L>]
    ? [options: ObjectValues<L, K> & { returnObjects: true }]
    : [options?: CommonOptions];

/**
 * The `t` of namespaces `L` (looked up in order, then `common`): a text's key and the values it
 * needs give a string; an array's or object's key with `returnObjects: true` gives it as stored
 * (`unknown`: check its shape, lib/translated-lists.ts).
 */
export type Translate<L extends readonly Namespace[]> = <K extends string>(
  key: CheckedKey<L, K>,
  ...options: OptionsArgs<L, K>
) => [K] extends [ObjectKey<L>] ? unknown : string;

/** The `t` of a namespace or of a list looked up in order (`getFixedT`, `useTranslation(…, { nsMode: 'fallback' })`). */
export type TFunction<N extends Namespaces = 'common'> = Translate<ListOf<N>>;

/** Any typed `t`, for the one function that reads keys only data knows. */
export type AnyTFunction = (key: never, ...options: never[]) => unknown;

/** The app's translator with typed `t` and `getFixedT`; the rest as in core.ts. */
export interface TypedI18n extends Omit<I18n, 't' | 'getFixedT'> {
  /** in the current language, namespace `common` */
  t: TFunction;
  /** a t for one language (null: the current one at each call) and namespace(s), looked up in order */
  getFixedT<const N extends Namespaces = 'common'>(language: string | null, ns?: N): TFunction<N>;
}

/**
 * The escape hatch: a key only data knows (an API's message key, a key stored with a record),
 * not checked by the type checker. Use it by name, where the key cannot be a union of literals;
 * the call sites are listed in docs/decisions/0023-typed-texts-and-links.md.
 */
export function translateUncheckedKey(t: AnyTFunction, key: string, options?: TOptions & { returnObjects?: false }): string {
  return (t as unknown as UntypedTFunction)(key, options);
}
