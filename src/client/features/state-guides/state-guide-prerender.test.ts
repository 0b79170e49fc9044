import { describe, expect, it } from 'vitest';
import { renderPage } from '@client/entry-server';
import { defaultPublicConfig } from '@client/lib/public-config';

describe('a state guide on the server', () => {
  it('is prerendered in both languages with its own title and description, no script', async () => {
    const en = await renderPage('/states/wyoming', 'en', defaultPublicConfig);
    const es = await renderPage('/states/wyoming', 'es', defaultPublicConfig);
    expect(en.title).toBe('LLC in Wyoming: fees, annual report and rules | Frontera');
    expect(en.description).toContain('the state filing fee ($100)');
    expect(es.title).toBe('LLC en Wyoming: tarifas, informe anual y reglas | Frontera');
    expect(es.description).toContain('Constitución de una LLC en Wyoming');
    expect(en.html).toContain('Forming an LLC in Wyoming');
    expect(en.html).toContain('href="/order?state=WY"');
    expect(es.html).toContain('Primer día del mes de constitución de la LLC');
    expect(en.html).not.toContain('<script');
  });

  it('renders the not-found screen for a slug that names no state', async () => {
    const page = await renderPage('/states/atlantis', 'en', defaultPublicConfig);
    expect(page.html).toContain('404');
    expect(page.html).not.toContain('Forming an LLC');
  });
});
