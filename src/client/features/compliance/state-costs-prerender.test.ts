import { describe, expect, it } from 'vitest';
import { renderPage } from '@client/entry-server';
import { defaultPublicConfig } from '@client/lib/public-config';

describe('/state-costs on the server', () => {
  it('is prerendered in both languages with its title', async () => {
    const [en, es] = await Promise.all([renderPage('/state-costs', 'en', defaultPublicConfig), renderPage('/state-costs', 'es', defaultPublicConfig)]);
    expect(en.title).toBe('What each US state really costs | Frontera');
    expect(es.title).toBe('Lo que realmente cuesta cada estado de EE.\u00a0UU. | Frontera');
    expect(en.html).toContain('data-testid="state-costs-row-WY"');
    expect(es.html).toContain('1 de junio');
    expect(en.html).not.toContain('<script');
  });
});
