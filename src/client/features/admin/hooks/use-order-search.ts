// moved to lib/ to be shared with the tickets page (features may not import each other)
export { searchDebounceMs, useUrlSearch as useOrderSearch } from '@client/lib/use-url-search';
