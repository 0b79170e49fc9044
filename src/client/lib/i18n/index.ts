export { currentLanguage, i18n, i18nReady, initialLanguage } from './app';
export { createI18n, type I18n, type Resources, type TOptions } from '@shared/i18n/translator';
export {
  translateUncheckedKey,
  type AnyTFunction,
  type Namespace,
  type Namespaces,
  type ObjectKey,
  type TextKey,
  type TFunction,
  type TypedI18n,
} from '@shared/i18n/keys';
export { I18nProvider, useTranslation } from './react';
