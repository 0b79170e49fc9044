/**
 * Cheap password rules shared by the browser and the server (the server adds the long
 * common-password list, src/server/platform/auth/password-policy.ts, which stays out of the
 * client bundle).
 */

/** The usual letter-for-symbol swaps; '1' stands for both 'i' and 'l'. */
const leetSwaps = [
  { '@': 'a', '4': 'a', '0': 'o', '1': 'i', '3': 'e', $: 's', '5': 's', '7': 't' },
  { '@': 'a', '4': 'a', '0': 'o', '1': 'l', '3': 'e', $: 's', '5': 's', '7': 't' },
] as const;

const decodeLeet = (text: string, swaps: Record<string, string>) => [...text].map((char) => swaps[char] ?? char).join('');

/**
 * The forms of a password to look up in a common-password list: lower case; without a leading
 * and/or trailing run of digits, symbols or spaces ('Summer2024!' -> 'summer', '2024welcome');
 * each also with leetspeak undone ('P@ssw0rd!' -> 'password'). Inner characters are kept, so a
 * passphrase ('correct horse battery staple') stays itself.
 */
export function passwordCandidates(password: string): string[] {
  const lower = password.toLowerCase();
  const trimmed = [lower, lower.replace(/[^\p{L}]+$/u, ''), lower.replace(/^[^\p{L}]+/u, ''), lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')];
  const candidates = new Set<string>();
  for (const form of trimmed) {
    if (!form) continue;
    candidates.add(form);
    for (const swaps of leetSwaps) {
      const decoded = decodeLeet(form, swaps);
      candidates.add(decoded);
      // '2024p@ssword' -> '2024password' -> 'password'
      candidates.add(decoded.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
    }
  }
  candidates.delete('');
  return [...candidates];
}

/** Whitespace only, or so few different characters ('aaaaaaaa', 'abababab') that it is guessed at once. */
export function isTooSimple(password: string): boolean {
  return password.trim() === '' || new Set(password.toLowerCase()).size < 4;
}

/** Lower case without accents, so 'María' matches 'maria'. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text, folded: what is between anything that is not a letter or a digit. */
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * True when a word of the password is a part of the name or of the email's local part (without a
 * +tag; also whole, and without its dots and dashes), of at least four letters, ignoring case and
 * accents: the first things an attacker who knows the person tries. Whole words, not substrings
 *: "Cobalto-Ventana-Rio-58" is a fine password for Ana, though "ventana"
 * holds "ana".
 */
export function containsPersonalInfo(password: string, person: { name?: string; email?: string }): boolean {
  const local = fold(person.email?.split('@')[0]?.split('+')[0] ?? '');
  const pieces = new Set([local, local.replace(/[._-]+/g, ''), ...wordsOf(local), ...wordsOf(person.name ?? '')].filter((piece) => piece.length >= 4));
  return wordsOf(password).some((word) => pieces.has(word));
}
