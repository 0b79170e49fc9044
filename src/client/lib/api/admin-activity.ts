import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it

import type { Language } from '@shared/languages';
import { apiPath, request } from './request';
import { cursorPagesQueryOptions } from './cursor-pages';

/* GET /api/admin/activity and its CSV: what the team did across the site. */

/** The filters as the API takes them: a person's id, and ISO instants (the end exclusive). */
export interface ActivityFilters {
  actor?: string;
  from?: string;
  to?: string;
}

const adminActivityKey = (filters: ActivityFilters) => ['admin', 'activity', filters] as const;

export function useAdminActivity(filters: ActivityFilters) {
  return useInfiniteQuery({
    ...cursorPagesQueryOptions(adminActivityKey(filters), (cursor, signal) => request('GET /api/admin/activity', { query: { ...filters, cursor }, signal })),
    // the entries stay on screen while another filter loads
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same filters, with the columns and sentences in `language`. */
export const adminActivityCsvUrl = (filters: ActivityFilters, language: Language) =>
  apiPath('GET /api/admin/activity.csv', { query: { ...filters, lang: language } });
