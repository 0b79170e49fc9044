export { checkCompanyName, citation, designatorsFor, duplicateChoices, nameKey, nameRulesFor, restrictedWordsFor } from './check';
export type { NameIssue, NameIssueCode } from './check';
export type { RestrictedWordKind, StateNameRules } from './states';
