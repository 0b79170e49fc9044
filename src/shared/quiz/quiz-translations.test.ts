import { describe, expect, it } from 'vitest';
// Test only: the shared data names translation keys, and their text lives in the client's locales.
// eslint-disable-next-line import-x/no-restricted-paths
import en from '../../client/locales/en/quiz.json';
// eslint-disable-next-line import-x/no-restricted-paths
import es from '../../client/locales/es/quiz.json';
import { quizQuestions } from './questions';
import { quizStateCodes, stateProfiles } from './states';

/** Every key the quiz data can hand to t('...') in the `quiz` namespace. */
const referencedKeys = [
  ...quizQuestions.flatMap((q) => [q.titleKey, q.hintKey, ...q.options.flatMap((o) => [o.labelKey, o.descriptionKey, ...Object.values(o.reasonKeys)])]),
  ...quizStateCodes.flatMap((code) => [stateProfiles[code].nameKey, ...stateProfiles[code].benefitKeys]),
];

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('quiz translations', () => {
  it.each([
    ['en', en],
    ['es', es],
  ])('%s/quiz.json has text for every key the quiz data references', (_language, bundle) => {
    const missing = referencedKeys.filter((key) => typeof lookup(bundle, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('has no reason text that the data never uses', () => {
    const used = new Set(referencedKeys);
    const unused = Object.keys(en.reasons).filter((id) => !used.has(`reasons.${id}`));
    expect(unused).toEqual([]);
  });

  it('every state has at least two benefits to fall back on', () => {
    for (const code of quizStateCodes) expect(stateProfiles[code].benefitKeys.length, code).toBeGreaterThanOrEqual(2);
  });
});
