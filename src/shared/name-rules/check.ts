/**
 * Checks an LLC name against the chosen state's naming rules (states.ts), in the order wizard
 * and in the server's order schema. Words are compared whole, ignoring case, accents and
 * punctuation: "Acme L.L.C.", "Acme llc" and "Acme, LLC." all carry a designator, "Acmellc" does not.
 */
import { foldText } from '../fold-text';
import type { UsStateCode } from '../geo';
import { nameRules, regulatedEverywhere, type RestrictedWordKind, type StateNameRules } from './states';

export type NameIssueCode = 'designatorMissing' | 'designatorNotAtEnd' | 'forbiddenWord' | 'restrictedWord' | 'characters' | 'tooLong';

export interface NameIssue {
  code: NameIssueCode;
  /** restrictedWord is a warning the customer confirms; everything else blocks. */
  severity: 'error' | 'warning';
  /** forbiddenWord / restrictedWord: the word as written in the name ("Banks", "Inc."). */
  word?: string;
  /**
   * restrictedWord: a banking, insurance or trust word that every state's banking and insurance
   * laws govern (`regulatedEverywhere`), not one of the state's own list: the message says why.
   */
  nationwide?: true;
  /** A corrected name that clears every fixable error (designator, barred words, accents). */
  fix?: string;
  /** tooLong: the state's maximum length. */
  max?: number;
  /** characters: the refused characters, each once, in order of appearance. */
  chars?: string;
}

/** Appended when a name has no designator: every state takes it ("L.L.C." in LA, punctuation aside). */
const DEFAULT_DESIGNATOR = 'LLC';

interface Token {
  /** Folded, without periods or apostrophes: "L.L.C." → "llc", "Núñez" → "nunez", "&" → "and". */
  key: string;
  start: number;
  end: number;
  /** A single letter or dotted letters ("L.", "L.L.C."), which may spell a word across spaces: "L. L. C.". */
  initials: boolean;
  /** Only spaces, periods or slashes separate it from the previous token. */
  joinsPrevious: boolean;
}

interface Pattern {
  words: readonly string[];
  /** "Banks" counts as "bank"; abbreviations ("LP", "Inc.") and numbers take no plural. */
  plural: boolean;
}

interface Span {
  start: number;
  end: number;
}

interface WordMatch extends Span {
  kind: RestrictedWordKind;
  nationwide: boolean;
}

const WORD = /[\p{L}\p{N}\p{M}]+(?:['’.][\p{L}\p{N}\p{M}]+)*\.?|&/gu;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const start = match.index;
    const previous = tokens.at(-1);
    tokens.push({
      key: raw === '&' ? 'and' : foldText(raw).replace(/['’.]/g, ''),
      start,
      end: start + raw.length,
      initials: /^\p{L}(?:\.\p{L})*\.?$/u.test(raw),
      joinsPrevious: previous !== undefined && /^[\s./]*$/.test(text.slice(previous.end, start)),
    });
  }
  return tokens;
}

/** A rule's word list as keys; the rules are written by us, so spaced initials ("d/b/a") are joined here once. */
function compilePattern(source: string): Pattern {
  const words: string[] = [];
  let previous: Token | undefined;
  for (const token of tokenize(source)) {
    if (previous?.initials && token.initials && token.joinsPrevious) words[words.length - 1] += token.key;
    else words.push(token.key);
    previous = token;
  }
  return { words, plural: !/[./\d]/.test(source) && source !== source.toUpperCase() };
}

function pluralMatches(word: string, key: string): boolean {
  return key === `${word}s` || key === `${word}es` || (word.endsWith('y') && key === `${word.slice(0, -1)}ies`);
}

/** The token index just after the pattern when it starts at `at`, or -1. */
function matchAt(tokens: readonly Token[], at: number, pattern: Pattern): number {
  let t = at;
  for (const [w, word] of pattern.words.entries()) {
    const token = tokens[t];
    if (!token) return -1;
    const last = w === pattern.words.length - 1;
    if (token.key === word || (last && pattern.plural && pluralMatches(word, token.key))) {
      t += 1;
      continue;
    }
    // Spaced initials: "L. L. C." spells "llc".
    let spelled = '';
    let u = t;
    while (spelled.length < word.length && tokens[u]?.initials && (u === t || tokens[u]?.joinsPrevious)) {
      spelled += tokens[u]?.key;
      u += 1;
    }
    if (u === t || spelled !== word) return -1;
    t = u;
  }
  return t;
}

function contains(outer: Span, inner: Span): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

function length(span: Span): number {
  return span.end - span.start;
}

interface CompiledRules {
  rules: StateNameRules;
  designators: Pattern[];
  words: { pattern: Pattern; kind: RestrictedWordKind; nationwide: boolean }[];
}

const compiled = new Map<UsStateCode, CompiledRules>();

function compiledRules(state: UsStateCode): CompiledRules {
  let entry = compiled.get(state);
  if (!entry) {
    const rules = nameRules[state];
    const own = [
      ...(rules.approval ?? []).map((word) => ({ pattern: compilePattern(word), kind: 'approval' as const, nationwide: false })),
      ...(rules.forbidden ?? []).map((word) => ({ pattern: compilePattern(word), kind: 'forbidden' as const, nationwide: false })),
    ];
    const listed = new Set(own.map(({ pattern }) => pattern.words.join(' ')));
    entry = {
      rules,
      designators: rules.designators.map(compilePattern),
      // the state's own entry for a word wins: CA and MS forbid "bank", NY's message names its own list
      words: [
        ...own,
        ...regulatedEverywhere
          .map((word) => ({ pattern: compilePattern(word), kind: 'approval' as const, nationwide: true }))
          .filter(({ pattern }) => !listed.has(pattern.words.join(' '))),
      ],
    };
    compiled.set(state, entry);
  }
  return entry;
}

/** Leftmost-longest, non-overlapping matches. */
function findDesignators(tokens: readonly Token[], patterns: readonly Pattern[]): Span[] {
  const spans: Span[] = [];
  for (let at = 0; at < tokens.length;) {
    const end = Math.max(-1, ...patterns.map((pattern) => matchAt(tokens, at, pattern)));
    if (end > at) {
      spans.push({ start: at, end });
      at = end;
    } else at += 1;
  }
  return spans;
}

interface Analysis {
  tokens: Token[];
  designators: Span[];
  words: WordMatch[];
}

function analyse(name: string, state: UsStateCode): Analysis {
  const { designators: designatorPatterns, words: wordPatterns } = compiledRules(state);
  const tokens = tokenize(name);
  const found: WordMatch[] = [];
  for (let at = 0; at < tokens.length; at += 1) {
    for (const { pattern, kind, nationwide } of wordPatterns) {
      const end = matchAt(tokens, at, pattern);
      if (end > at) found.push({ start: at, end, kind, nationwide });
    }
  }
  const forbidden = found.filter((match) => match.kind === 'forbidden');
  // "Limited" inside a barred "Limited Partnership" is not a designator.
  const designators = findDesignators(tokens, designatorPatterns).filter((span) => !forbidden.some((match) => contains(match, span)));
  const words = found.filter(
    (match) =>
      !designators.some((span) => contains(span, match)) &&
      // "Trust Company" is reported once, not also as "Trust"; CA's barred "Insurance Company" not also as "Insurance" to confirm.
      !found.some((other) => (other.kind === match.kind || other.kind === 'forbidden') && contains(other, match) && length(other) > length(match)),
  );
  return { tokens, designators, words };
}

function spanText(name: string, tokens: readonly Token[], span: Span): string {
  return name.slice(tokens[span.start]?.start, tokens[span.end - 1]?.end);
}

// Printable Latin text: ASCII, Latin letters with accents (Latin-1 to Extended-B, Vietnamese), combining marks,
// and the curly quotes and dashes phones type. No state's filing system takes emoji, other scripts or control characters.
const ACCENTED = '\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u1E00-\\u1EFF\\p{M}';
const LATIN_TEXT = new RegExp(`[\\x20-\\x7E\\u2018\\u2019\\u201C\\u201D\\u2013\\u2014${ACCENTED}]`, 'u');
const NOT_ENGLISH = new RegExp(`[${ACCENTED}]`, 'u');

/** Letters without a decomposition, spelled the way English writes them. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};

function toEnglishLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæÆœŒøØłŁđĐðÐþÞı]/g, (letter) => SPELLED[letter] ?? letter);
}

function refusedChars(name: string, rules: StateNameRules): string {
  const refused = [...name.normalize('NFC')].filter((char) => !LATIN_TEXT.test(char) || (rules.englishLettersOnly === true && NOT_ENGLISH.test(char)));
  return [...new Set(refused)].join('');
}

/** Closes the gaps a removed word leaves: "Acme, , Holdings" → "Acme, Holdings", "Acme," → "Acme". */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .replace(/([,;:&/-])(?:\s*[,;:&/-])+/g, '$1')
    .replace(/^[\s,;:&/-]+|[\s,;:&/-]+$/g, '');
}

function withoutSpans(name: string, tokens: readonly Token[], spans: readonly Span[]): string {
  const ranges = spans.map((span) => [tokens[span.start]?.start ?? 0, tokens[span.end - 1]?.end ?? 0] as const).sort((a, b) => a[0] - b[0]);
  let text = '';
  let from = 0;
  for (const [start, end] of ranges) {
    if (start > from) text += name.slice(from, start);
    from = Math.max(from, end);
  }
  return text + name.slice(from);
}

let otherDesignators: Pattern[] | undefined;

/** "LC", "Ltd.", "Limited Company"...: designators some state accepts, replaced by "LLC" rather than kept beside it. */
function foreignDesignators(): Pattern[] {
  otherDesignators ??= [...new Set(Object.values(nameRules).flatMap((rules) => rules.designators))]
    .map(compilePattern)
    .filter((pattern) => !(pattern.words.length === 1 && ['company', 'co', 'limited'].includes(pattern.words[0] ?? '')));
  return otherDesignators;
}

/** The name with every fixable error corrected, or undefined when nothing of it would be left. */
function correctedName(name: string, state: UsStateCode, analysis: Analysis): string | undefined {
  const { rules } = compiledRules(state);
  const { tokens, designators, words } = analysis;
  const remove: Span[] = words.filter((match) => match.kind === 'forbidden');
  let suffix = '';
  const last = designators.at(-1);
  if (!last) {
    suffix = DEFAULT_DESIGNATOR;
    const trailing = foreignDesignators()
      .map((pattern) => tokens.findIndex((_, at) => at > 0 && matchAt(tokens, at, pattern) === tokens.length))
      .filter((at) => at > 0);
    if (trailing.length > 0) remove.push({ start: Math.min(...trailing), end: tokens.length });
  } else if (rules.designatorAtEnd && last.end !== tokens.length) {
    remove.push(...designators);
    suffix = spanText(name, tokens, designators[0] ?? last);
  }
  let text = remove.length > 0 ? tidy(withoutSpans(name, tokens, remove)) : name;
  text = text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
  if (!tokenize(text).length) return undefined;
  if (suffix) text = `${text} ${suffix}`;
  return rules.englishLettersOnly ? toEnglishLetters(text) : text;
}

/** The state's naming problems with `name`, errors first; [] for an empty name (required is checked elsewhere). */
export function checkCompanyName(name: string, state: UsStateCode): NameIssue[] {
  const trimmed = name.trim();
  if (!trimmed) return [];
  const { rules } = compiledRules(state);
  const analysis = analyse(trimmed, state);
  const { tokens, designators, words } = analysis;
  const issues: NameIssue[] = [];
  const corrected = correctedName(trimmed, state, analysis);
  const fix = corrected !== undefined && corrected !== trimmed ? { fix: corrected } : {};

  const chars = refusedChars(trimmed, rules);
  if (chars) issues.push({ code: 'characters', severity: 'error', chars, ...(corrected && !refusedChars(corrected, rules) ? fix : {}) });
  const last = designators.at(-1);
  if (!last) issues.push({ code: 'designatorMissing', severity: 'error', ...fix });
  else if (rules.designatorAtEnd && last.end !== tokens.length) issues.push({ code: 'designatorNotAtEnd', severity: 'error', ...fix });

  const seen = new Set<string>();
  for (const kind of ['forbidden', 'approval'] as const) {
    for (const match of words.filter((word) => word.kind === kind)) {
      const word = spanText(trimmed, tokens, match);
      if (seen.has(foldText(word))) continue;
      seen.add(foldText(word));
      issues.push(
        kind === 'forbidden'
          ? { code: 'forbiddenWord', severity: 'error', word, ...fix }
          : { code: 'restrictedWord', severity: 'warning', word, ...(match.nationwide ? { nationwide: true as const } : {}) },
      );
    }
  }
  if (rules.maxLength !== undefined && [...trimmed].length > rules.maxLength) issues.push({ code: 'tooLong', severity: 'error', max: rules.maxLength });
  return issues.sort((a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning'));
}

/**
 * What remains of a name once its designators, case, accents, punctuation and spacing are set
 * aside ("&" reads as "and"): "Acme LLC", "ACME, L.L.C." and "Acmé Limited Liability Company" are all "acme".
 */
export function nameKey(name: string, state: UsStateCode): string {
  const { tokens, designators } = analyse(name, state);
  const words: string[] = [];
  tokens.forEach((token, at) => {
    if (designators.some((span) => at >= span.start && at < span.end)) return;
    const previous = tokens[at - 1];
    // "A.B.C. Plumbing", "A B C Plumbing" and "ABC Plumbing" are one name.
    if (token.initials && token.joinsPrevious && previous?.initials && words.length > 0) words[words.length - 1] += token.key;
    else words.push(token.key);
  });
  return words.join(' ');
}

/** Indexes (1, 2) of the choices that repeat an earlier one by nameKey; empty choices are ignored. */
export function duplicateChoices(names: readonly [string, string, string], state: UsStateCode): number[] {
  const keys = names.map((name) => (name.trim() ? nameKey(name, state) : undefined));
  return keys.flatMap((key, index) => (key !== undefined && keys.slice(0, index).includes(key) ? [index] : []));
}

/** The statute setting the state's designator rule, e.g. "W.S. § 17-29-108". */
export function citation(state: UsStateCode): string {
  return nameRules[state].citation;
}

/** The designators the state accepts, the usual one first: "LLC", "L.L.C.", "Limited Liability Company"... */
export function designatorsFor(state: UsStateCode): readonly string[] {
  return nameRules[state].designators;
}

/** The state's regulated words: `approval` ones need a regulator's consent, `forbidden` ones are never allowed. */
export function restrictedWordsFor(state: UsStateCode): { word: string; kind: RestrictedWordKind }[] {
  const { approval = [], forbidden = [] } = nameRules[state];
  return [...approval.map((word) => ({ word, kind: 'approval' as const })), ...forbidden.map((word) => ({ word, kind: 'forbidden' as const }))];
}

/** All of the state's rules, for messages that explain them (designator at end, English letters, maximum length). */
export function nameRulesFor(state: UsStateCode): StateNameRules {
  return nameRules[state];
}
