import { useMemo } from 'react';
import { countries, nationalities, usStates } from '@shared/geo';
import { useFormats } from '@client/lib/use-formats';

export interface Option {
  value: string;
  label: string;
}

/**
 * The dropdowns' options, named in the interface language (the stored values stay English, the
 * order contract): countries and nationalities in the spec's order, states alphabetical in the current language.
 */
export function useGeoOptions() {
  const format = useFormats();
  return useMemo(() => {
    const options = (values: readonly string[], label: (value: string) => string): Option[] => values.map((value) => ({ value, label: label(value) }));
    return {
      countries: options(countries, format.country),
      nationalities: options(nationalities, format.nationality),
      states: options(
        usStates.map(([code]) => code),
        format.state,
      ).sort((a, b) => a.label.localeCompare(b.label, format.language)),
    };
  }, [format]);
}
