/**
 * The three popular states of docs/product.md, "The home page". `yearlyFeeUsd` is copied from
 * /work/shared/data/us-llc-state-dataset/states.json (annual_report_fee; DE verified 2026-08-07 at
 * corp.delaware.gov, WY 2026-07-17 at sos.wyo.gov, NV 2026-08-06 at nvsos.gov).
 * US LLC State Requirements Dataset, StartupSole LLC, 2026, licensed under CC BY 4.0
 * (https://creativecommons.org/licenses/by/4.0/): wherever these figures are shown, the page shows
 * the credit line `marketing:states.credit`. Never edit a figure by hand; copy it from the dataset.
 */
export const popularStates = [
  { code: 'DE', yearlyFeeUsd: 400 },
  { code: 'WY', yearlyFeeUsd: 60, focus: true },
  { code: 'NV', yearlyFeeUsd: 350 },
] as const;
