import { useLocation } from '@client/lib/router';

/*
 * A record's page returns to the search the admin came from (an order to /admin/orders?q=…, a
 * ticket to /admin/tickets?q=…): links from the list carry it in the navigation state (a fresh
 * tab has none and simply gets the whole list).
 */
interface ListSearchState {
  listSearch: string;
}

/** State for a link from the list to one of its records. */
export function useListSearchState(): ListSearchState {
  return { listSearch: useLocation().search };
}

/** On the record's page: the list's ?q=… to go back to, or ''. */
export function useListSearchToReturnTo(): string {
  const state = useLocation().state as Partial<ListSearchState> | null;
  return typeof state?.listSearch === 'string' && state.listSearch.startsWith('?') ? state.listSearch : '';
}
