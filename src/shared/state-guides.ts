/**
 * The state guides (/states/:slug): one page per state and DC, prerendered. Only the
 * slugs live here (routes.ts answers 404 for any other); what a guide shows is in
 * state-guide-facts.ts.
 */
import { paths } from './client-paths';
import { usStates, type UsStateCode } from './geo';

/** The English name in lower case with hyphens: the dataset's own slugs ("new-hampshire"), and "district-of-columbia". */
const slugOf = (name: string) => name.toLowerCase().replaceAll(' ', '-');
const slugs = new Map<UsStateCode, string>(usStates.map(([code, name]) => [code, slugOf(name)]));
const codes = new Map<string, UsStateCode>(usStates.map(([code, name]) => [slugOf(name), code]));

export const stateGuideSlug = (code: UsStateCode): string => slugs.get(code)!;
export const stateGuidePath = (code: UsStateCode): string => paths.stateGuide({ slug: stateGuideSlug(code) });
/** The state of a guide's slug; undefined for anything else (the page then answers 404). */
export const stateOfGuideSlug = (slug: string): UsStateCode | undefined => codes.get(slug);
/** Every guide's path, in the order of the states list: prerendered (and for the sitemap). */
export const stateGuidePaths: readonly string[] = usStates.map(([code]) => stateGuidePath(code));
