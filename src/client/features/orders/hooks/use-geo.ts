import { useMemo } from 'react';
import { countries, nationalities, usStates } from '@shared/geo';
import { useOrderTranslation } from '../namespaces';

export interface Option {
  value: string;
  label: string;
}

/**
 * Country, nationality and state names in the interface language. The stored values stay English
 * (the order contract); anything unknown is shown as stored.
 */
export function useGeoLabels() {
  const { t } = useOrderTranslation();
  return useMemo(() => {
    const label = (group: 'countries' | 'nationalities' | 'states') => (value: string) => t(`${group}.${value}`, { ns: 'geo', defaultValue: value });
    return { country: label('countries'), nationality: label('nationalities'), state: label('states') };
  }, [t]);
}

/** The dropdowns' options: countries and nationalities in the spec's order, states alphabetical in the current language. */
export function useGeoOptions() {
  const { i18n } = useOrderTranslation();
  const labels = useGeoLabels();
  const language = i18n.language;
  return useMemo(() => {
    const options = (values: readonly string[], label: (value: string) => string): Option[] => values.map((value) => ({ value, label: label(value) }));
    return {
      countries: options(countries, labels.country),
      nationalities: options(nationalities, labels.nationality),
      states: options(
        usStates.map(([code]) => code),
        labels.state,
      ).sort((a, b) => a.label.localeCompare(b.label, language)),
    };
  }, [labels, language]);
}
