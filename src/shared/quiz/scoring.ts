import { quizQuestions, type QuizAnswers, type QuizQuestion } from './questions';
import { quizStateCodes, stateProfiles, type QuizStateCode } from './states';

/** docs/product.md, "Constants and limits": the quiz shows the top 3 states; a score is out of 18 (6 questions x weight 3). */
export const quizTopCount = 3;
export const quizMaxScore = 18;

/** docs/product.md, "Constants and limits": a reason is shown only when the option's weight for the state is at least this. */
export const reasonMinWeight = 2;

/** How many benefits stand in for the reasons of a state that has none of its own. */
const fallbackBenefitCount = 2;

export interface StateMatch {
  code: QuizStateCode;
  score: number;
  /** Translation keys: the specific reasons from the answers, or else the state's first two benefits. */
  reasonKeys: string[];
  /** True when reasonKeys are the fallback benefits rather than reasons from the answers. */
  fallback: boolean;
}

/**
 * Every quiz state with its score and reasons, best first.
 *
 * Score: the sum, over the answered questions, of the selected option's weight for the state.
 * Answers that name no option of the question are ignored.
 *
 * Ties: states with equal scores keep the fixed order of `quizStateCodes`
 * (DE, WY, NV, FL, TX, CA, NY). The order never depends on the answers, so the same answers always
 * give the same ranking (docs/decisions/0002-quiz-scoring.md says why this order).
 */
export function rankStates(answers: QuizAnswers, questions: readonly QuizQuestion[] = quizQuestions): StateMatch[] {
  const selected = questions.flatMap((q) => q.options.filter((option) => option.value === answers[q.id]));
  const matches = quizStateCodes.map((code): StateMatch => {
    const score = selected.reduce((sum, option) => sum + option.weights[code], 0);
    const reasons = selected
      .filter((option) => option.weights[code] >= reasonMinWeight)
      .map((option) => option.reasonKeys[code])
      .filter((key): key is string => key !== undefined);
    const reasonKeys = [...new Set(reasons)];
    return reasonKeys.length > 0
      ? { code, score, reasonKeys, fallback: false }
      : { code, score, reasonKeys: stateProfiles[code].benefitKeys.slice(0, fallbackBenefitCount), fallback: true };
  });
  // Array.prototype.sort is stable, so equal scores keep the quizStateCodes order
  return matches.sort((a, b) => b.score - a.score);
}

/** docs/product.md, "Client routes", "Constants and limits": the three best states for the answers. */
export function topStates(answers: QuizAnswers, questions: readonly QuizQuestion[] = quizQuestions): StateMatch[] {
  return rankStates(answers, questions).slice(0, quizTopCount);
}

/** The highest total a state can reach: per question, its best option weight. */
export function maxReachableScore(code: QuizStateCode, questions: readonly QuizQuestion[] = quizQuestions): number {
  return questions.reduce((sum, q) => sum + Math.max(...q.options.map((option) => option.weights[code])), 0);
}

/** True when every question has an answer that is one of its options. */
export function isQuizComplete(answers: QuizAnswers, questions: readonly QuizQuestion[] = quizQuestions): boolean {
  return questions.every((q) => q.options.some((option) => option.value === answers[q.id]));
}
