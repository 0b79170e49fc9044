import { useReducer } from 'react';
import { quizQuestions, type QuizAnswers, type QuizQuestionId } from '@shared/quiz/questions';

/** docs/product.md, "Order statuses": the index moves forward and back, answers can change, the last Next shows results. */
export interface QuizState {
  index: number;
  answers: QuizAnswers;
  finished: boolean;
}

export type QuizAction = { type: 'answer'; questionId: QuizQuestionId; value: string } | { type: 'next' } | { type: 'previous' } | { type: 'retake' };

export const initialQuizState: QuizState = { index: 0, answers: {}, finished: false };

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  const current = quizQuestions[state.index];
  switch (action.type) {
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.questionId]: action.value } };
    case 'next':
      // docs/product.md, "Validation": an answer must be selected before Next
      if (state.finished || !current || state.answers[current.id] === undefined) return state;
      return state.index === quizQuestions.length - 1 ? { ...state, finished: true } : { ...state, index: state.index + 1 };
    case 'previous':
      return state.index > 0 && !state.finished ? { ...state, index: state.index - 1 } : state;
    case 'retake':
      return initialQuizState;
  }
}

/** The quiz's state machine for one page visit (answers are not kept across reloads). */
export function useQuiz() {
  const [state, dispatch] = useReducer(quizReducer, initialQuizState);
  return { state, dispatch, questions: quizQuestions };
}
