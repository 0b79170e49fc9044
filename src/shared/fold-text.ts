/**
 * Lower-case, with accents and other marks removed ("Núñez" → "nunez", "ﬁ" → "fi"): how admin
 * searches and company-name comparisons see text, the same in the browser and on the server.
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
