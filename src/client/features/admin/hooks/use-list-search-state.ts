import { useLocation } from '@client/lib/router';

/*
 * The order page's Back link returns to the search the admin came from: links from the list
 * carry it in the navigation state (a fresh tab has none and simply gets the whole list).
 */
interface ListSearchState {
  listSearch: string;
}

/** State for a link from the list to an order. */
export function useListSearchState(): ListSearchState {
  return { listSearch: useLocation().search };
}

/** On the order page: the list's ?q=… to go back to, or ''. */
export function useListSearchToReturnTo(): string {
  const state = useLocation().state as Partial<ListSearchState> | null;
  return typeof state?.listSearch === 'string' && state.listSearch.startsWith('?') ? state.listSearch : '';
}
