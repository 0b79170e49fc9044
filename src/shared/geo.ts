/** The 50 states plus DC, for the wizard's dropdown. */
export const usStates = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;
export type UsStateCode = (typeof usStates)[number][0];
export const usStateCodes = usStates.map(([code]) => code) as unknown as readonly [UsStateCode, ...UsStateCode[]];

export const defaultLlcState: UsStateCode = 'WY';
/** The wizard's three popular-state cards (docs/product.md, "Client routes"). */
export const popularStates = ['DE', 'WY', 'NV'] as const satisfies readonly UsStateCode[];

export function isUsStateCode(value: unknown): value is UsStateCode {
  return typeof value === 'string' && (usStateCodes as readonly string[]).includes(value);
}

/** `?state=XX` preselects; an unknown or missing code falls back to Wyoming. */
export function llcStateFromQuery(value: string | null | undefined): UsStateCode {
  const code = value?.trim().toUpperCase();
  return isUsStateCode(code) ? code : defaultLlcState;
}
