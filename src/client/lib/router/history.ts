/*
 * The two histories the app needs (ADR 0018): the browser's, over window.history, and one in
 * memory for component tests. Both call their listener on push and replace as well as on Back
 * and forward, so the router's state follows every change (react-router's `v5Compat`).
 */

export type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location<State = unknown> extends Path {
  state: State;
  /** 'default' for the entry the visit opened on, a fresh key for every navigation after it */
  key: string;
}

export type To = string | Partial<Path>;

export interface Update {
  action: Action;
  location: Location;
}

/** What the router navigates with: a history, or the server's static stand-in. */
export interface Navigator {
  createHref(to: To): string;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
}

export interface History extends Navigator {
  readonly action: Action;
  readonly location: Location;
  /** one listener at a time; returns the function that removes it */
  listen(listener: (update: Update) => void): () => void;
}

const prefixed = (part: string | undefined, mark: string) => (!part || part === mark ? '' : part.startsWith(mark) ? part : mark + part);

export const createPath = ({ pathname = '/', search, hash }: Partial<Path>) => pathname + prefixed(search, '?') + prefixed(hash, '#');

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = path.slice(hashAt);
    path = path.slice(0, hashAt);
  }
  const searchAt = path.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = path.slice(searchAt);
    path = path.slice(0, searchAt);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

function createLocation(current: string | Partial<Path>, to: To, state: unknown = null, key?: string): Location {
  return {
    pathname: typeof current === 'string' ? current : (current.pathname ?? '/'),
    search: '',
    hash: '',
    ...(typeof to === 'string' ? parsePath(to) : to),
    state,
    key: key ?? createKey(),
  };
}

/** history.state of an entry: the shape react-router wrote, so entries from before ADR 0018 still read */
interface EntryState {
  usr: unknown;
  key: string;
}

/** The browser's history; the navigation state and key live in history.state (as react-router keeps them). */
export function createBrowserHistory(): History {
  const global = window.history;
  let action: Action = 'POP';
  let listener: ((update: Update) => void) | null = null;
  const entry = () => global.state as Partial<EntryState> | null;

  const change = (next: Action, to: To, state: unknown) => {
    action = next;
    const location = createLocation(history.location, to, state);
    const url = createPath(location);
    const historyState: EntryState = { usr: location.state, key: location.key };
    if (next === 'REPLACE') global.replaceState(historyState, '', url);
    else {
      try {
        global.pushState(historyState, '', url);
      } catch (error) {
        // a state the browser cannot store is the caller's bug; anything else (e.g. too many entries): load the page
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        window.location.assign(url);
      }
    }
    listener?.({ action, location: history.location });
  };
  const onPop = () => {
    action = 'POP';
    listener?.({ action, location: history.location });
  };

  const history: History = {
    get action() {
      return action;
    },
    get location() {
      const { pathname, search, hash } = window.location;
      return createLocation('', { pathname, search, hash }, entry()?.usr ?? null, entry()?.key || 'default');
    },
    listen(next) {
      if (listener) throw new Error('A history only accepts one active listener');
      listener = next;
      window.addEventListener('popstate', onPop);
      return () => {
        window.removeEventListener('popstate', onPop);
        listener = null;
      };
    },
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    push: (to, state) => change('PUSH', to, state),
    replace: (to, state) => change('REPLACE', to, state),
    go: (delta) => global.go(delta),
  };
  return history;
}

/** A history in memory, for tests: the first entry has the key 'default', like a fresh visit. */
export function createMemoryHistory(initialEntries: To[] = ['/']): History {
  const entries = initialEntries.map((to, index) => createLocation('/', to, null, index === 0 ? 'default' : undefined));
  let index = entries.length - 1;
  let action: Action = 'POP';
  let listener: ((update: Update) => void) | null = null;
  const notify = (next: Action) => {
    action = next;
    listener?.({ action, location: entries[index]! });
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return entries[index]!;
    },
    listen(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    push(to, state) {
      index += 1;
      entries.splice(index, entries.length, createLocation(entries[index - 1]!, to, state));
      notify('PUSH');
    },
    replace(to, state) {
      entries[index] = createLocation(entries[index]!, to, state);
      notify('REPLACE');
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      notify('POP');
    },
  };
}
