import { quizStateCodes, type QuizStateCode } from './states';

/** docs/product.md, "Entities": a weight says how well an answer fits a state, from 0 (not at all) to 3 (best). */
export type QuizWeight = 0 | 1 | 2 | 3;

export const quizQuestionIds = ['business_type', 'tax_preference', 'privacy_needs', 'business_location', 'growth_plans', 'asset_protection'] as const;
export type QuizQuestionId = (typeof quizQuestionIds)[number];

export interface QuizOption {
  value: string;
  labelKey: string;
  descriptionKey: string;
  weights: Readonly<Record<QuizStateCode, QuizWeight>>;
  /**
   * docs/product.md, "Constants and limits": the specific reason this answer gives for a state. It is shown only when the
   * option's weight for that state is at least 2 (scoring.ts checks both).
   */
  reasonKeys: Readonly<Partial<Record<QuizStateCode, string>>>;
}

export interface QuizQuestion {
  id: QuizQuestionId;
  titleKey: `questions.${QuizQuestionId}.title`;
  hintKey: `questions.${QuizQuestionId}.hint`;
  options: readonly QuizOption[];
}

/** The selected option value per question; questions not answered yet are absent. */
export type QuizAnswers = Partial<Record<QuizQuestionId, string>>;

/** Weights in the order of `quizStateCodes`, so each option reads as one row of a table. */
type WeightRow = readonly [DE: QuizWeight, WY: QuizWeight, NV: QuizWeight, FL: QuizWeight, TX: QuizWeight, CA: QuizWeight, NY: QuizWeight];

/** Reason ids (text under `reasons.<id>` in the quiz namespace) per state. */
type ReasonIds = Partial<Record<QuizStateCode, string>>;

function question(id: QuizQuestionId, options: readonly [value: string, weights: WeightRow, reasons?: ReasonIds][]): QuizQuestion {
  return {
    id,
    titleKey: `questions.${id}.title`,
    hintKey: `questions.${id}.hint`,
    options: options.map(([value, row, reasons = {}]) => ({
      value,
      labelKey: `questions.${id}.options.${value}.label`,
      descriptionKey: `questions.${id}.options.${value}.description`,
      weights: Object.fromEntries(quizStateCodes.map((code, i) => [code, row[i]])) as Record<QuizStateCode, QuizWeight>,
      reasonKeys: Object.fromEntries(Object.entries(reasons).map(([code, reason]) => [code, `reasons.${reason}`])),
    })),
  };
}

/**
 * docs/product.md, "Entities", "Constants and limits": six questions, weights 0-3 for DE WY NV FL TX CA NY. Wyoming is the only
 * state that can reach the maximum of 18 (a 3 on every question), in line with the product's
 * Wyoming focus; every other state wins when the answers point its way (home state, tech and
 * investors, retail or property markets).
 */
export const quizQuestions: readonly QuizQuestion[] = [
  //                                DE WY NV FL TX CA NY
  question('business_type', [
    ['tech', [3, 1, 1, 1, 2, 3, 2], { CA: 'techHub', DE: 'startupStandard' }],
    ['ecommerce', [1, 3, 2, 2, 2, 0, 1], { FL: 'ecommerceHub', TX: 'ecommerceHub', WY: 'runFromAnywhere' }],
    ['consulting', [1, 3, 2, 1, 2, 1, 2], { WY: 'lowUpkeep', NY: 'corporateClients' }],
    ['real_estate', [1, 2, 1, 3, 3, 1, 1], { FL: 'propertyMarket', TX: 'propertyMarket' }],
    ['retail', [0, 1, 2, 3, 3, 2, 2], { FL: 'shopperMarket', TX: 'shopperMarket' }],
    ['other', [2, 3, 2, 1, 1, 1, 1]],
  ]),
  question('tax_preference', [
    ['no_income_tax', [1, 3, 3, 2, 2, 0, 0], { WY: 'noStateIncomeTax', NV: 'noStateIncomeTax', FL: 'noPersonalIncomeTax', TX: 'noPersonalIncomeTax' }],
    ['low_fees', [1, 3, 1, 2, 2, 0, 0], { WY: 'lowAnnualFees', TX: 'noFranchiseTaxDue' }],
    ['simple_compliance', [2, 3, 2, 2, 2, 1, 0], { WY: 'simpleFilings' }],
    ['no_preference', [1, 1, 1, 1, 1, 1, 1]],
  ]),
  question('privacy_needs', [
    ['high', [2, 3, 3, 0, 1, 0, 0], { WY: 'ownerPrivacy', NV: 'ownerPrivacy' }],
    ['moderate', [2, 2, 2, 1, 1, 1, 1], { WY: 'ownerPrivacy', NV: 'ownerPrivacy' }],
    ['not_important', [1, 1, 1, 1, 1, 1, 1]],
  ]),
  question('business_location', [
    ['outside_us', [2, 3, 2, 1, 1, 0, 0], { WY: 'foreignFounders', DE: 'globalRecognition' }],
    ['california', [1, 1, 1, 0, 0, 3, 0], { CA: 'homeState' }],
    ['texas', [1, 1, 1, 0, 3, 0, 0], { TX: 'homeState' }],
    ['florida', [1, 1, 1, 3, 0, 0, 0], { FL: 'homeState' }],
    ['new_york', [1, 1, 1, 0, 0, 0, 3], { NY: 'homeState' }],
    ['other_us', [2, 2, 2, 1, 1, 0, 0]],
  ]),
  question('growth_plans', [
    ['raise_investors', [3, 1, 1, 1, 1, 2, 2], { DE: 'investorFavorite', CA: 'investorHub', NY: 'investorHub' }],
    ['expand_team', [2, 1, 2, 2, 3, 2, 2], { TX: 'talentPool' }],
    ['stay_lean', [1, 3, 2, 2, 2, 0, 0], { WY: 'lowUpkeep' }],
    ['undecided', [2, 2, 1, 1, 1, 1, 1]],
  ]),
  question('asset_protection', [
    ['maximum', [2, 3, 3, 1, 1, 0, 0], { WY: 'chargingOrder', NV: 'chargingOrder' }],
    ['holding_assets', [3, 3, 2, 1, 2, 0, 0], { DE: 'seriesLlc', TX: 'seriesLlc', WY: 'chargingOrder' }],
    ['standard', [2, 2, 2, 2, 2, 2, 2]],
  ]),
];
