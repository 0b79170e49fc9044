import { afterEach, describe, expect, it } from 'vitest';
import { publicConfigMetaName } from '@shared/public-config';
import { readPublicConfig } from './public-config';

function setMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = publicConfigMetaName;
  meta.content = content;
  document.head.append(meta);
}

// other settings are checked where they are used; these are the marketing ones
const defaults = {
  supportEmail: 'support@example.com',
  reviewWidgetUrl: null,
  testimonialWidgetUrls: [],
  analyticsScriptUrls: [],
  explainerVideoUrl: null,
};

describe('readPublicConfig', () => {
  afterEach(() => document.head.querySelector(`meta[name="${publicConfigMetaName}"]`)?.remove());

  it('falls back to the defaults, with no widgets, without the meta tag (Vite dev server) or with a broken one', () => {
    expect(readPublicConfig()).toMatchObject(defaults);
    setMeta('{not json');
    expect(readPublicConfig()).toMatchObject(defaults);
  });

  it('reads the widget URLs the server embeds and ignores values of the wrong type', () => {
    setMeta(
      JSON.stringify({
        supportEmail: 42,
        reviewWidgetUrl: 'https://reviews.example/w.js',
        testimonialWidgetUrls: ['https://t.example/a.js', 7],
        analyticsScriptUrls: 'https://not-a-list.example/tag.js',
        explainerVideoUrl: 'https://media.example/explainer.mp4',
      }),
    );
    expect(readPublicConfig()).toMatchObject({
      supportEmail: 'support@example.com',
      reviewWidgetUrl: 'https://reviews.example/w.js',
      testimonialWidgetUrls: ['https://t.example/a.js'],
      analyticsScriptUrls: [],
      explainerVideoUrl: 'https://media.example/explainer.mp4',
    });
  });

  it('reads the price the server embeds, and keeps the fallback $399 for a missing or impossible one', () => {
    expect(readPublicConfig().priceCents).toBe(39900);
    setMeta(JSON.stringify({ priceCents: 45000 }));
    expect(readPublicConfig().priceCents).toBe(45000);
    for (const bad of ['"45000"', '0', '-100', '399.5', 'null']) {
      document.head.querySelector(`meta[name="${publicConfigMetaName}"]`)?.remove();
      setMeta(`{"priceCents": ${bad}}`);
      expect(readPublicConfig().priceCents).toBe(39900);
    }
  });
});
