import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TActivityPage } from '@shared/activity';
import type { Language } from '@shared/languages';
import { api } from '../api-client';
import { cursorPagesQueryOptions } from './cursor-pages';

/* GET /api/admin/activity and its CSV: what the team did across the site. */

/** The filters as the API takes them: a person's id, and ISO instants (the end exclusive). */
export interface ActivityFilters {
  actor?: string;
  from?: string;
  to?: string;
}

/** "?actor=…&from=…" with the values given, or nothing. */
function searchOf(filters: ActivityFilters & { cursor?: string | null; lang?: Language }) {
  const search = new URLSearchParams(Object.entries(filters).flatMap(([name, value]) => (value ? [[name, value]] : [])));
  return search.size > 0 ? `?${search}` : '';
}

const adminActivityKey = (filters: ActivityFilters) => ['admin', 'activity', filters] as const;

export function useAdminActivity(filters: ActivityFilters) {
  return useInfiniteQuery({
    ...cursorPagesQueryOptions(adminActivityKey(filters), (cursor, signal) =>
      api<TActivityPage>(`/api/admin/activity${searchOf({ ...filters, cursor })}`, { signal }),
    ),
    // the entries stay on screen while another filter loads
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same filters, with the columns and sentences in `language`. */
export const adminActivityCsvUrl = (filters: ActivityFilters, language: Language) => `/api/admin/activity.csv${searchOf({ ...filters, lang: language })}`;
