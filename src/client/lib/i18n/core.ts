// the translator lives in src/shared/i18n, where the server's emails and documents use it too (issue 32)
export * from '@shared/i18n/translator';
