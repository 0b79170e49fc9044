import { describe, expect, it } from 'vitest';
import { quizQuestionIds, quizQuestions } from './questions';
import { maxReachableScore, quizMaxScore, reasonMinWeight } from './scoring';
import { quizStateCodes } from './states';

describe('quiz questions (docs/product.md, "Entities", "Constants and limits")', () => {
  it("are the product's six questions, in order", () => {
    expect(quizQuestions.map((q) => q.id)).toEqual([
      'business_type',
      'tax_preference',
      'privacy_needs',
      'business_location',
      'growth_plans',
      'asset_protection',
    ]);
    expect(quizQuestionIds).toEqual(quizQuestions.map((q) => q.id));
  });

  it("offer exactly the product's business types", () => {
    const businessType = quizQuestions.find((q) => q.id === 'business_type')!;
    expect(businessType.options.map((o) => o.value)).toEqual(['tech', 'ecommerce', 'consulting', 'real_estate', 'retail', 'other']);
  });

  it.each(quizQuestions.map((q) => [q.id, q] as const))('%s has 3-6 options with unique values', (_id, q) => {
    expect(q.options.length).toBeGreaterThanOrEqual(3);
    expect(q.options.length).toBeLessThanOrEqual(6);
    expect(new Set(q.options.map((o) => o.value)).size).toBe(q.options.length);
  });

  it('weigh every option for exactly the seven quiz states, with integers 0-3', () => {
    for (const q of quizQuestions) {
      for (const option of q.options) {
        expect(Object.keys(option.weights).sort(), `${q.id}.${option.value}`).toEqual([...quizStateCodes].sort());
        for (const weight of Object.values(option.weights)) {
          expect(Number.isInteger(weight) && weight >= 0 && weight <= 3, `${q.id}.${option.value}: ${weight}`).toBe(true);
        }
      }
    }
  });

  it('give every question an option that reaches 3 for some state', () => {
    for (const q of quizQuestions) {
      expect(Math.max(...q.options.flatMap((o) => Object.values(o.weights))), q.id).toBe(3);
    }
  });

  it('make 18 the maximum reachable score: reached by at least one state, exceeded by none', () => {
    const maxima = quizStateCodes.map((code) => maxReachableScore(code));
    expect(quizMaxScore).toBe(18);
    expect(Math.max(...maxima)).toBe(quizMaxScore);
    expect(maxReachableScore('WY')).toBe(18);
  });

  it('declare reasons only where they can show (weight at least 2), so none is dead data', () => {
    for (const q of quizQuestions) {
      for (const option of q.options) {
        for (const [code, key] of Object.entries(option.reasonKeys)) {
          expect(option.weights[code as keyof typeof option.weights], `${q.id}.${option.value} ${code} ${key}`).toBeGreaterThanOrEqual(reasonMinWeight);
        }
      }
    }
  });

  it("carry the product's examples of reasons: CA with tech, FL and TX with ecommerce, WY and NV for privacy, DE for investors", () => {
    const option = (id: string, value: string) => quizQuestions.find((q) => q.id === id)!.options.find((o) => o.value === value)!;
    expect(option('business_type', 'tech').reasonKeys.CA).toBeDefined();
    expect(option('business_type', 'ecommerce').reasonKeys).toMatchObject({ FL: expect.any(String), TX: expect.any(String) });
    expect(option('privacy_needs', 'high').reasonKeys).toMatchObject({ WY: 'reasons.ownerPrivacy', NV: 'reasons.ownerPrivacy' });
    expect(option('growth_plans', 'raise_investors').reasonKeys.DE).toBe('reasons.investorFavorite');
  });
});
