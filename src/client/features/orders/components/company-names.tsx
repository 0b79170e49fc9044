import { useFormContext, useWatch } from 'react-hook-form';
import { foldText } from '@shared/fold-text';
import type { UsStateCode } from '@shared/geo';
import { checkCompanyName, citation, designatorsFor, type NameIssue } from '@shared/name-rules';
import { TextField } from '@client/components/ui/field';
import { translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useOrderTranslation } from '../namespaces';
import type { OrderFormValues } from '../order-form-values';

const names = ['companyName1', 'companyName2', 'companyName3'] as const;

/**
 * The three name choices, checked against the chosen state's naming rules (src/shared/name-rules,
 * the same check the server runs): each error says the rule with the state's own words and offers
 * the fix in one click; words that need a regulator's approval (the state's list, or the banking,
 * insurance and trust words every state regulates) are confirmed once, below, with the reason.
 */
export function CompanyNames() {
  const { t } = useOrderTranslation();
  const format = useFormats();
  const { control, register, setValue, formState, trigger } = useFormContext<OrderFormValues>();
  const llcState = useWatch({ control, name: 'llcState' }) as UsStateCode;
  const values = useWatch({ control, name: [...names] });
  const stateName = format.state(llcState);
  const warnings = values.flatMap((value) => checkCompanyName(value ?? '', llcState).filter((issue) => issue.severity === 'warning'));
  // each word once, as first written ("Bank" and "BANK" are one word), apart by reason: the state's
  // own list, or the banking, insurance and trust laws of every state
  const restrictedWords: string[] = [];
  const regulatedWords: string[] = [];
  for (const { word, nationwide } of warnings) {
    const list = nationwide ? regulatedWords : restrictedWords;
    if (word && !list.some((seen) => foldText(seen) === foldText(word))) list.push(word);
  }
  const quoted = (words: readonly string[]) => words.map((word) => `“${word}”`).join(', ');
  const confirmation =
    restrictedWords.length > 0 && regulatedWords.length > 0
      ? t('nameRules.confirmBoth', { stateWords: quoted(restrictedWords), words: quoted(regulatedWords), state: stateName })
      : regulatedWords.length > 0
        ? t('nameRules.confirmRegulated', { words: quoted(regulatedWords), state: stateName })
        : t('nameRules.confirm', { words: quoted(restrictedWords), state: stateName });

  const message = (key: string, issue: NameIssue | undefined) =>
    translateMessage(t, key, {
      state: stateName,
      designators: designatorsFor(llcState)
        .map((designator) => `“${designator}”`)
        .join(', '),
      word: issue?.word,
      chars: issue?.chars,
      max: issue?.max,
    });

  return (
    <div className="mt-4 space-y-5">
      {names.map((name, i) => {
        const error = formState.errors[name]?.message;
        // the issue behind a name error: its words and its fix
        const issues = error?.startsWith('order.name.') ? checkCompanyName(values[i] ?? '', llcState) : [];
        const issue = issues.find((found) => found.severity === 'error') ?? issues[0];
        return (
          <div key={name} className="space-y-2">
            <TextField label={t(`fields.${name}`)} required autoComplete="off" error={error ? message(error, issue) : undefined} {...register(name)} />
            {issue?.fix && issue.severity === 'error' && (
              <button
                type="button"
                className="rounded-md text-sm font-semibold break-words text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-gold-300"
                onClick={() => setValue(name, issue.fix!, { shouldDirty: true, shouldValidate: true, shouldTouch: true })}
              >
                {t('nameRules.useFix', { fix: issue.fix })}
              </button>
            )}
          </div>
        );
      })}
      {restrictedWords.length + regulatedWords.length > 0 && (
        <label className="flex items-start gap-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {/* the names are checked again as soon as it is ticked, not when it loses focus: otherwise the
              warnings went away (and Next moved up) in the middle of the click on Next, which missed */}
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
            {...register('restrictedWordsAccepted', { onChange: () => void trigger([...names]) })}
          />
          <span>{confirmation}</span>
        </label>
      )}
      <p className="text-xs text-muted" data-testid="name-rules-source">
        {t('nameRules.source', { state: stateName, citation: citation(llcState) })}
      </p>
    </div>
  );
}
