import fs from 'node:fs';
import { expect, it } from 'vitest';
import { generateLocaleTypes, outputFile } from './locale-types';

it('the typed texts are those of the English catalogues today (else run `npm run locales:types`)', () => {
  expect(fs.readFileSync(outputFile, 'utf8') === generateLocaleTypes(), 'src/shared/i18n/texts.generated.ts is out of date: npm run locales:types').toBe(true);
});
