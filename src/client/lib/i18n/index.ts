export { currentLanguage, i18n, i18nReady, initialLanguage } from './app';
export { createI18n, type I18n, type Resources, type TFunction, type TOptions } from './core';
export { I18nProvider, useTranslation } from './react';
