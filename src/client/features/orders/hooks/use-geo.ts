import { useMemo } from 'react';
import { countryOptions, type CountryOption } from '@shared/countries';
import { usStates } from '@shared/geo';
import { useFormats } from '@client/lib/use-formats';

export type Option = CountryOption;

/**
 * The lists' options in the interface language: every country (ISO code, the product's 22 first, then
 * alphabetical), the same list for nationality (the country of citizenship), and the states
 * alphabetically.
 */
export function useGeoOptions() {
  const format = useFormats();
  return useMemo(() => {
    const countries = countryOptions(format.language);
    return {
      countries,
      nationalities: countries,
      states: usStates.map(([code]) => ({ value: code, label: format.state(code) })).sort((a, b) => a.label.localeCompare(b.label, format.language)),
    };
  }, [format]);
}
