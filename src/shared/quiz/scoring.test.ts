import { describe, expect, it } from 'vitest';
import type { QuizAnswers, QuizQuestion } from './questions';
import { isQuizComplete, rankStates, topStates } from './scoring';
import { quizStateCodes, stateProfiles } from './states';

/** A Californian tech founder who wants investors: the three states they should see, and why. */
const techFounder: QuizAnswers = {
  business_type: 'tech',
  tax_preference: 'no_preference',
  privacy_needs: 'not_important',
  business_location: 'california',
  growth_plans: 'raise_investors',
  asset_protection: 'standard',
};

/** Answers that carry no specific reason for any state. */
const undecided: QuizAnswers = {
  business_type: 'other',
  tax_preference: 'no_preference',
  privacy_needs: 'not_important',
  business_location: 'other_us',
  growth_plans: 'undecided',
  asset_protection: 'standard',
};

describe('quiz scoring (docs/product.md, "Constants and limits")', () => {
  it('gives a known top 3 with known scores and reasons', () => {
    expect(topStates(techFounder)).toEqual([
      { code: 'CA', score: 12, reasonKeys: ['reasons.techHub', 'reasons.homeState', 'reasons.investorHub'], fallback: false },
      { code: 'DE', score: 11, reasonKeys: ['reasons.startupStandard', 'reasons.investorFavorite'], fallback: false },
      { code: 'NY', score: 8, reasonKeys: ['reasons.investorHub'], fallback: false },
    ]);
  });

  it('scores the sum of the selected weights for every state', () => {
    expect(rankStates(techFounder).map(({ code, score }) => [code, score])).toEqual([
      ['CA', 12],
      ['DE', 11],
      ['NY', 8],
      ['WY', 7],
      ['NV', 7],
      ['TX', 7],
      ['FL', 6],
    ]);
  });

  it('shows the first two benefits of a state with no specific reason', () => {
    const top = topStates(undecided);
    expect(top.map((m) => [m.code, m.score])).toEqual([
      ['WY', 11],
      ['DE', 10],
      ['NV', 9],
    ]);
    for (const match of top) {
      expect(match.fallback).toBe(true);
      expect(match.reasonKeys).toEqual(stateProfiles[match.code].benefitKeys.slice(0, 2));
    }
    expect(top[0]!.reasonKeys).toEqual(['states.WY.benefits.noIncomeTax', 'states.WY.benefits.assetProtection']);
  });

  it('gives no reason for an option whose weight for the state is below 2', () => {
    // NY weighs 2 for tech but has no tech reason; WY weighs 1 for tech and never gets one
    const ny = rankStates({ business_type: 'tech' }).find((m) => m.code === 'NY')!;
    expect(ny.fallback).toBe(true);
    const question: QuizQuestion = {
      id: 'business_type',
      titleKey: 'questions.business_type.title',
      hintKey: 'questions.business_type.hint',
      options: [
        {
          value: 'x',
          labelKey: 'l',
          descriptionKey: 'd',
          weights: { DE: 1, WY: 2, NV: 0, FL: 0, TX: 0, CA: 0, NY: 0 },
          reasonKeys: { DE: 'reasons.low', WY: 'reasons.high' },
        },
      ],
    };
    const [wy, de] = rankStates({ business_type: 'x' }, [question]);
    expect(wy).toMatchObject({ code: 'WY', reasonKeys: ['reasons.high'], fallback: false });
    expect(de).toMatchObject({ code: 'DE', reasonKeys: stateProfiles.DE.benefitKeys.slice(0, 2), fallback: true });
  });

  it('lists a reason once even when two answers give it', () => {
    const wy = rankStates({ business_type: 'consulting', growth_plans: 'stay_lean' }).find((m) => m.code === 'WY')!;
    expect(wy.reasonKeys).toEqual(['reasons.lowUpkeep']);
  });

  it('breaks ties in the fixed order DE, WY, NV, FL, TX, CA, NY', () => {
    // nothing answered: every state scores 0, so the ranking is the tie-break order itself
    expect(rankStates({}).map((m) => m.code)).toEqual([...quizStateCodes]);
    expect(rankStates({}).map((m) => m.code)).toEqual(['DE', 'WY', 'NV', 'FL', 'TX', 'CA', 'NY']);
    // real answers with a three-way tie at 7: WY before NV before TX
    expect(
      rankStates(techFounder)
        .slice(3, 6)
        .map((m) => m.code),
    ).toEqual(['WY', 'NV', 'TX']);
    // a tie for first place: Wyoming and Nevada both score 9 on privacy and protection; WY comes first
    const tie = topStates({ privacy_needs: 'high', asset_protection: 'maximum', tax_preference: 'no_income_tax' });
    expect(tie.map((m) => [m.code, m.score])).toEqual([
      ['WY', 9],
      ['NV', 9],
      ['DE', 5],
    ]);
  });

  it('does not depend on the order of the answers object', () => {
    const reversed = Object.fromEntries(Object.entries(techFounder).reverse()) as QuizAnswers;
    expect(topStates(reversed)).toEqual(topStates(techFounder));
  });

  it('ignores values that are not options of the question', () => {
    expect(rankStates({ business_type: 'spaceships' })).toEqual(rankStates({}));
  });

  it('knows when every question has a valid answer', () => {
    expect(isQuizComplete(techFounder)).toBe(true);
    expect(isQuizComplete({ ...techFounder, asset_protection: undefined })).toBe(false);
    expect(isQuizComplete({ ...techFounder, asset_protection: 'nope' })).toBe(false);
  });
});
