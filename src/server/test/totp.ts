import { createHmac } from 'node:crypto';

/*
 * RFC 6238 codes (SHA-1, 30 s, six digits) computed here for the tests, independently of
 * Better Auth's implementation: what a phone's authenticator app would show for `secret`.
 */

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(secret: string): Buffer {
  const clean = secret.replace(/=+$/, '').toUpperCase();
  let bits = '';
  for (const char of clean) {
    const value = base32Alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The six-digit code of `secret` (base32, as in the otpauth:// address) at `at`. */
export function totpCode(secret: string, at: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

const stepMs = 30_000;
/** the last step this process used for each secret */
const usedSteps = new Map<string, number>();

/**
 * A code the app takes once: the step after the last one this process used for `secret` (the app
 * refuses a code at or before the last accepted step), or the current step if later. The server
 * takes one step ahead of its clock, so a second code within 30 s is the next step's; beyond that
 * this waits for the clock to reach it.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const step = Math.max(Math.floor(Date.now() / stepMs), (usedSteps.get(secret) ?? -Infinity) + 1);
  const reachable = (step - 1) * stepMs;
  if (Date.now() < reachable) await new Promise((resolve) => setTimeout(resolve, reachable - Date.now() + 50));
  usedSteps.set(secret, step);
  return totpCode(secret, step * stepMs);
}

/** Six digits that are no code of `secret` in the server's window (now, one step either side). */
export function wrongTotpCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((offset) => totpCode(secret, Date.now() + offset * stepMs)));
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
