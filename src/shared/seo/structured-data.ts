/** schema.org objects for JSON-LD (https://schema.org; Google's rich-result rules for each type). */
export type JsonLd = { '@context': 'https://schema.org'; '@type': string } & Record<string, unknown>;

const context = 'https://schema.org' as const;

export function organization(appUrl: string, name: string, url: string): JsonLd {
  return { '@context': context, '@type': 'Organization', name, url, logo: new URL('/favicon.svg', appUrl).toString() };
}

/** The home page's FAQ, with the same texts (and price) the page shows. */
export function faqPage(items: readonly { question: string; answer: string }[]): JsonLd {
  return {
    '@context': context,
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
  };
}

/** The formation package at the current price (integer cents → "399.00"). */
export function product(input: { name: string; description: string; brand: string; image: string; url: string; priceCents: number }): JsonLd {
  return {
    '@context': context,
    '@type': 'Product',
    name: input.name,
    description: input.description,
    image: input.image,
    brand: { '@type': 'Brand', name: input.brand },
    offers: {
      '@type': 'Offer',
      price: (input.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: input.url,
    },
  };
}

export function breadcrumbList(trail: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}
