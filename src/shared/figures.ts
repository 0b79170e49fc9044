import { formatNumber, formatUsd } from './formats';
import type { Language } from './languages';
import { messageMaxLength, noteMaxLength, ticketMessageMaxLength } from './support-rules';

/*
 * The figures the copy quotes (docs/product.md, "Client routes", "Constants and limits"), once: no translated string holds a
 * hand-written number. Each is a `{{name}}` placeholder in the locale files,
 * filled by the translator with the value below written in the reader's language (es-419 in
 * Spanish: "US$549", "10,000", "4.7"). Money is in cents. Zod-free and small: every page's
 * translator loads it.
 */
export const promotion = {
  /** the promotional page's regular (strike) price, against our price */
  regularPriceCents: 54_900,
  /** what competitors charge, "from" */
  competitorPriceCents: 70_000,
  /** the four bonuses of the promotional page: $640 in all */
  bonusCents: { banking: 19_900, payments: 19_700, seller: 19_700, calendar: 4_700 },
  /** the affiliate's flat commission per sale */
  commissionCents: 10_000,
  /** the top three affiliates' launch prizes */
  prizeCents: [200_000, 100_000, 50_000],
  /** the landing pages' rating out of 5 and formations, "10,000+" */
  rating: 4.7,
  llcsFormed: 10_000,
  /** the checkout's review blurb: 4.9 out of 5 from 500+ reviews */
  checkoutRating: 4.9,
  checkoutReviews: 500,
  /** the home page's static testimonials: a fixed 5.0 */
  testimonialRating: 5,
  /** how long the order wizard takes, said the same on the dashboard and the wizard */
  wizardMinutes: 10,
  /** the partner page's static leaderboard: sales; earnings are sales × commission */
  leaderboard: [
    { name: 'Marco R.', sales: 142 },
    { name: 'Sarah K.', sales: 118 },
    { name: 'Diego P.', sales: 96 },
  ],
} as const;

export const bonusTotalCents = Object.values(promotion.bonusCents).reduce((sum, cents) => sum + cents, 0);

/** Every figure the copy may quote, by its placeholder name, in the language's format (an unknown language: English's). */
export function copyVariables(languageTag: string): Record<string, string> {
  const language: Language = languageTag === 'es' ? 'es' : 'en';
  const usd = (cents: number) => formatUsd(cents, language);
  const [firstPrize, secondPrize, thirdPrize] = promotion.prizeCents.map(usd);
  return {
    regularPrice: usd(promotion.regularPriceCents),
    competitorPrice: usd(promotion.competitorPriceCents),
    bonusTotal: usd(bonusTotalCents),
    bonusBanking: usd(promotion.bonusCents.banking),
    bonusPayments: usd(promotion.bonusCents.payments),
    bonusSeller: usd(promotion.bonusCents.seller),
    bonusCalendar: usd(promotion.bonusCents.calendar),
    commission: usd(promotion.commissionCents),
    firstPrize: firstPrize!,
    secondPrize: secondPrize!,
    thirdPrize: thirdPrize!,
    rating: formatNumber(promotion.rating, language, 1),
    llcsFormed: formatNumber(promotion.llcsFormed, language),
    checkoutRating: formatNumber(promotion.checkoutRating, language, 1),
    checkoutReviews: formatNumber(promotion.checkoutReviews, language),
    testimonialRating: formatNumber(promotion.testimonialRating, language, 1),
    wizardMinutes: formatNumber(promotion.wizardMinutes, language),
    noteMaxLength: formatNumber(noteMaxLength, language),
    messageMaxLength: formatNumber(messageMaxLength, language),
    replyMaxLength: formatNumber(ticketMessageMaxLength, language),
  };
}
