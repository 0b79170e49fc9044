import { useMemo } from 'react';
import { countryName, nationalityName } from '@shared/countries';
import { formatPhone } from '@shared/phones';
import { useBasicFormats } from './use-language';

export { useLanguage } from './use-language';

/**
 * How every page shows an order's values in the interface language: money in US dollars, dates
 * with es-ES / en-US (docs/product.md), countries and nationalities (ISO codes) named by the platform
 * (src/shared/countries.ts), phones in international format, and states, translated by the shared
 * `geo` namespace; an unknown value shows as stored.
 */
export function useFormats() {
  const basic = useBasicFormats();
  return useMemo(
    () => ({
      ...basic,
      country: (code: string) => countryName(code, basic.language),
      nationality: (code: string) => nationalityName(code, basic.language),
      phone: formatPhone,
    }),
    [basic],
  );
}
