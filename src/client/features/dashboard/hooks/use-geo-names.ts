import { useTranslation } from 'react-i18next';

/**
 * Countries, nationalities and states are stored in English (src/shared/geo.ts) and shown in the
 * interface language through the shared `geo` namespace; an unknown value is shown as it is.
 */
export function useGeoNames() {
  const { t } = useTranslation('geo');
  return {
    country: (name: string) => t(`countries.${name}`, { defaultValue: name }),
    nationality: (name: string) => t(`nationalities.${name}`, { defaultValue: name }),
    state: (code: string) => t(`states.${code}`, { defaultValue: code }),
  };
}
