import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title (and meta description) for the current page and language. */
export function usePageTitle(title: string, description?: string): void {
  const { t } = useTranslation();
  const brand = t('brand');
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : brand;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, brand]);
}
