/**
 * SPEC section 3: the 22 countries of the mailing address and the parallel nationality list
 * (demonyms), stored in English; the UI translates them (locales: geo namespace).
 */
export const countries = [
  'United States', 'Mexico', 'Canada', 'Argentina', 'Brazil', 'Chile', 'Colombia', 'Peru', 'Venezuela', 'China', 'India',
  'Japan', 'South Korea', 'Philippines', 'United Kingdom', 'France', 'Germany', 'Italy', 'Spain', 'Australia', 'New Zealand', 'Russia',
] as const;
export type Country = (typeof countries)[number];

export const nationalities = [
  'American', 'Mexican', 'Canadian', 'Argentine', 'Brazilian', 'Chilean', 'Colombian', 'Peruvian', 'Venezuelan', 'Chinese', 'Indian',
  'Japanese', 'South Korean', 'Filipino', 'British', 'French', 'German', 'Italian', 'Spanish', 'Australian', 'New Zealander', 'Russian',
] as const;
export type Nationality = (typeof nationalities)[number];

/** US citizens prove identity with an SSN document; everyone else with a passport (SPEC section 5). */
export const usNationality: Nationality = 'American';

/** The 50 states plus DC, for the wizard's dropdown. */
export const usStates = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'],
  ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
  ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
] as const;
export type UsStateCode = (typeof usStates)[number][0];
export const usStateCodes = usStates.map(([code]) => code) as unknown as readonly [UsStateCode, ...UsStateCode[]];

export const defaultLlcState: UsStateCode = 'WY';
/** The wizard's three popular-state cards (SPEC section 2). */
export const popularStates = ['DE', 'WY', 'NV'] as const satisfies readonly UsStateCode[];

export function isUsStateCode(value: unknown): value is UsStateCode {
  return typeof value === 'string' && (usStateCodes as readonly string[]).includes(value);
}

/** `?state=XX` preselects; an unknown or missing code falls back to Wyoming. */
export function llcStateFromQuery(value: string | null | undefined): UsStateCode {
  const code = value?.trim().toUpperCase();
  return isUsStateCode(code) ? code : defaultLlcState;
}
