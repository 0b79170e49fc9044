/**
 * docs/product.md, "Entities": the seven quiz states. The order of this list is also the fixed tie-break order
 * of the scoring (see scoring.ts and docs/decisions/0002-quiz-scoring.md): the three popular
 * states of the order wizard first, then the others as docs/product.md ("Entities") lists them.
 */
export const quizStateCodes = ['DE', 'WY', 'NV', 'FL', 'TX', 'CA', 'NY'] as const;
export type QuizStateCode = (typeof quizStateCodes)[number];

/** Names and benefits are translation keys of the client's `quiz` namespace. */
export interface StateProfile {
  code: QuizStateCode;
  nameKey: `states.${QuizStateCode}.name`;
  /** Most important first: a state without a specific reason shows the first two (docs/product.md, "Constants and limits"). */
  benefitKeys: readonly string[];
}

/** Benefit ids name the text in locales/{en,es}/quiz.json under states.<code>.benefits. */
function profile(code: QuizStateCode, benefitIds: readonly string[]): StateProfile {
  return { code, nameKey: `states.${code}.name`, benefitKeys: benefitIds.map((id) => `states.${code}.benefits.${id}`) };
}

export const stateProfiles: Readonly<Record<QuizStateCode, StateProfile>> = {
  // the first three follow the home page's "popular states" (docs/product.md, "The home page")
  DE: profile('DE', ['courts', 'corporateLaw', 'privacy', 'investors']),
  WY: profile('WY', ['noIncomeTax', 'assetProtection', 'lowFees', 'privacy']),
  NV: profile('NV', ['noIncomeTax', 'privacy', 'businessFriendly', 'assetProtection']),
  FL: profile('FL', ['noPersonalIncomeTax', 'consumerMarket', 'latinAmerica']),
  TX: profile('TX', ['noPersonalIncomeTax', 'growingEconomy', 'franchiseTax']),
  CA: profile('CA', ['techEcosystem', 'largestEconomy', 'localPresence']),
  NY: profile('NY', ['financeHub', 'clientAccess', 'prestige']),
};
