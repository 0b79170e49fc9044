// moved to lib/ to be shared with the tickets page (features may not import each other)
export { useListSearchState, useListSearchToReturnTo } from '@client/lib/use-list-search-state';
