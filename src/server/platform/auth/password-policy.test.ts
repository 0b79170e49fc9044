import fs from 'node:fs';
import path from 'node:path';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { makeSignUpSchema } from '@shared/auth';
import { containsPersonalInfo, isTooSimple } from '@shared/password-rules';
import { isCommonPassword, signUpSchema } from './password-policy';

describe('password policy', () => {
  it('refuses every entry of the common list, in any case', () => {
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThan(10_000);
    expect(list.filter((entry) => !isCommonPassword(entry) || !isCommonPassword(entry.toUpperCase()))).toEqual([]);
  });

  it.each(['Password2024', 'Summer2024!', 'P@ssw0rd!', 'Welcome2026', '@dmin2024', 'M0nk3y!!', '2024sunshine', 'Dr4g0n!!', 'L1verp00l', 'Football 1999'])(
    'refuses %j, a variant of a listed password',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each([
    'correct horse battery staple',
    'violet tractors hum at dawn',
    'x7#Qp9!vLm2',
    'purple-elephant-dances-2024',
    'a long passphrase that keeps going and going until sixty-four ch',
  ])('accepts %j', (password) => {
    expect(isCommonPassword(password)).toBe(false);
    expect(isTooSimple(password)).toBe(false);
  });

  it.each([' '.repeat(8), '\t \t \t \t ', 'aaaaaaaa', 'AbAbAbAb', 'abcabcabc'])('finds %j too simple', (password) => {
    expect(isTooSimple(password)).toBe(true);
  });

  it('finds a whole word of the name (4+ letters a part) or of the email local part, ignoring case and accents', () => {
    const person = { name: 'José de la Peña', email: 'j.pena+shop@example.com' };
    expect(containsPersonalInfo('my friend JOSE rocks', person)).toBe(true);
    expect(containsPersonalInfo('xx jpena xx', person)).toBe(true);
    expect(containsPersonalInfo('xx j.pena xx', person)).toBe(true);
    expect(containsPersonalInfo('Peña-2024-sunrise', person)).toBe(true);
    // whole words only: 'pena' inside 'penalty' is no clue to an attacker
    expect(containsPersonalInfo('penalty kick at dawn', person)).toBe(false);
    // 'de' and 'la' are too short to count
    expect(containsPersonalInfo('delayed lanterns glow', person)).toBe(false);
    expect(containsPersonalInfo('anything at all', {})).toBe(false);
  });

  it('accepts Cobalto-Ventana-Rio-58 for a user named Ana ("ventana" holds "ana", a word it is not)', () => {
    expect(containsPersonalInfo('Cobalto-Ventana-Rio-58', { name: 'Ana', email: 'ana@example.com' })).toBe(false);
    expect(containsPersonalInfo('Cobalto-Ventana-Rio-58', { name: 'Ana Ventana', email: 'x@example.com' })).toBe(true);
    expect(containsPersonalInfo('rio de mariana 2024', { name: 'Mariana López', email: 'ml@example.com' })).toBe(true);
  });

  it('the browser schema knows the short list only; the server schema the whole list', () => {
    const input = { name: 'Sam', email: 'sam@example.com', password: 'Welcome2026' };
    expect(makeSignUpSchema(8).safeParse(input).success).toBe(true);
    expect(
      signUpSchema(8)
        .safeParse(input)
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['auth.weakPassword']);
  });

  it('keeps the long list out of the client bundle: nothing under src/client or src/shared imports it', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const files = ['client', 'shared'].flatMap((dir) =>
      fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(root, dir, file)),
    );
    const importers = files.filter(
      (file) => /\.tsx?$/.test(file) && /(from|import\()\s*['"][^'"]*(@zxcvbn-ts|password-policy)/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(importers).toEqual([]);
  });
});
