import { copyVariables } from '@shared/figures';
import type { TFunction } from '@shared/i18n/keys';
import { createI18n } from '@shared/i18n/translator';
import type { Language } from '@shared/languages';
// the app's own catalogues: one translation source for the pages and for what the
// server writes (emails, the receipt, the CSV export, the calendar feed, the test checkout, the
// data export's summary); the dashboard's stage sentences, so an email says where the order stands
// in the dashboard's words
import enAccountData from '../../../client/locales/en/accountData.json';
import enAdmin from '../../../client/locales/en/admin.json';
import enCommon from '../../../client/locales/en/common.json';
import enCompliance from '../../../client/locales/en/compliance.json';
import enDashboard from '../../../client/locales/en/dashboard.json';
import enFiling from '../../../client/locales/en/filing.json';
import enGeo from '../../../client/locales/en/geo.json';
import enMail from '../../../client/locales/en/mail.json';
import enMilestones from '../../../client/locales/en/milestones.json';
import enPayment from '../../../client/locales/en/payment.json';
import enReceipt from '../../../client/locales/en/receipt.json';
import esAccountData from '../../../client/locales/es/accountData.json';
import esAdmin from '../../../client/locales/es/admin.json';
import esCommon from '../../../client/locales/es/common.json';
import esCompliance from '../../../client/locales/es/compliance.json';
import esDashboard from '../../../client/locales/es/dashboard.json';
import esFiling from '../../../client/locales/es/filing.json';
import esGeo from '../../../client/locales/es/geo.json';
import esMail from '../../../client/locales/es/mail.json';
import esMilestones from '../../../client/locales/es/milestones.json';
import esPayment from '../../../client/locales/es/payment.json';
import esReceipt from '../../../client/locales/es/receipt.json';

const resources = {
  en: {
    accountData: enAccountData,
    admin: enAdmin,
    common: enCommon,
    compliance: enCompliance,
    dashboard: enDashboard,
    filing: enFiling,
    geo: enGeo,
    mail: enMail,
    milestones: enMilestones,
    payment: enPayment,
    receipt: enReceipt,
  },
  es: {
    accountData: esAccountData,
    admin: esAdmin,
    common: esCommon,
    compliance: esCompliance,
    dashboard: esDashboard,
    filing: esFiling,
    geo: esGeo,
    mail: esMail,
    milestones: esMilestones,
    payment: esPayment,
    receipt: esReceipt,
  },
} satisfies Record<Language, object>;

/** The namespaces the server reads; each is bundled into the server (scripts/build-server.ts). */
export type ServerNamespace = keyof (typeof resources)['en'];

// every text at hand from the start: nothing to load, no language events
const translator = createI18n({ language: 'en', resources, variables: copyVariables });

/**
 * `t` for one language, looking in `namespaces` in order, then in common; `ns:key` reaches any of
 * them. Typed like the pages' (ADR 0023): a key the English catalogue lacks, or a missing
 * `{{placeholder}}` value, fails the type check.
 */
export function serverTexts<const N extends ServerNamespace | readonly ServerNamespace[]>(language: Language, namespaces: N): TFunction<N> {
  return translator.getFixedT(language, namespaces) as unknown as TFunction<N>;
}
