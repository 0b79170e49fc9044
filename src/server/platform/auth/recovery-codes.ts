import { randomInt } from 'node:crypto';
import { recoveryCodeAlphabet } from '@shared/security';

/** Ten recovery codes as XXXXX-XXXXX from recoveryCodeAlphabet (31 letters: about 49 bits each), from the CSPRNG. */
export function newRecoveryCodes(amount = 10): string[] {
  const letter = () => recoveryCodeAlphabet[randomInt(recoveryCodeAlphabet.length)]!;
  const half = () => Array.from({ length: 5 }, letter).join('');
  return Array.from({ length: amount }, () => `${half()}-${half()}`);
}
