import { describe, expect, it } from 'vitest';
import { headTags, jsonLdScript } from './head';
import { faqPage } from './structured-data';

describe('jsonLdScript', () => {
  it('keeps a text that closes the script element inside the block, and the JSON the same', () => {
    const data = faqPage([{ question: 'Is </script><script>alert(1)</script> safe? <!--', answer: 'A & B' }]);
    const tag = jsonLdScript(data);
    // one script element: the only `</script>` is the closing one, and nothing opens a comment
    expect(tag.match(/<\/script/gi)).toHaveLength(1);
    expect(tag.endsWith('</script>')).toBe(true);
    expect(tag).not.toContain('<!--');
    const json = tag.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('headTags', () => {
  const texts = { siteName: 'Frontera', productName: 'Package', productDescription: 'All in', imageAlt: 'Card "quoted"' };
  it('escapes the page texts in attributes and links the Spanish page to both languages', () => {
    const tags = headTags({
      appUrl: 'https://frontera.example',
      path: '/terms',
      language: 'es',
      title: 'Términos "<b>"',
      description: 'A & B',
      texts,
      priceCents: 39900,
    });
    expect(tags).toContain('<link rel="canonical" href="https://frontera.example/es/terms">');
    expect(tags).toContain('<link rel="alternate" hreflang="en" href="https://frontera.example/terms">');
    expect(tags).toContain('<link rel="alternate" hreflang="x-default" href="https://frontera.example/terms">');
    expect(tags).toContain('<meta property="og:title" content="Términos &quot;&lt;b&gt;&quot;">');
    expect(tags).toContain('<meta property="og:description" content="A &amp; B">');
    expect(tags).toContain('<meta property="og:locale" content="es_419"><meta property="og:locale:alternate" content="en_US">');
    expect(tags).not.toContain('"Product"');
  });
});
