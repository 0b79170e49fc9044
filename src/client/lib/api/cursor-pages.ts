import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * A list the server sends a page at a time, each page naming the cursor of the next (null on the
 * last): the first page is asked for without one, and "Load more" passes it back.
 */
export function cursorPagesQueryOptions<TPage extends { nextCursor: string | null }, TKey extends QueryKey>(
  queryKey: TKey,
  getPage: (cursor: string | null, signal: AbortSignal) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
