import { useState } from 'react';
import { useSearchParams } from '@client/lib/router';
import { useDebouncedCallback } from './use-debounced-callback';

export const searchDebounceMs = 250;

/**
 * A list's search box whose text lives in the URL (?q=), so reload, back and a shared link keep
 * the search: the administrators' orders, users and tickets. The box updates at once; the URL
 * (and so the request) follows when typing pauses.
 */
export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);

  // back/forward moved to another search: the box follows the URL (adjusting state during render)
  if (query !== shownQuery) {
    setShownQuery(query);
    if (text.trim() !== query) setText(query);
  }

  const commit = useDebouncedCallback((value: string) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value.trim()) next.set('q', value.trim());
        else next.delete('q');
        return next;
      },
      // one history entry per search page, not one per keystroke
      { replace: true },
    );
  }, searchDebounceMs);

  return {
    /** what the box shows */
    text,
    /** what the server is asked for */
    query,
    setText: (value: string) => {
      setText(value);
      commit(value);
    },
  };
}
