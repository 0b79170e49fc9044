import { useSearchParams } from '@client/lib/router';

/**
 * A list's filter that lives in the URL with its search (?role=admin, ?status=open), so a filtered
 * list can be reloaded and shared: the administrators' users and tickets. The first option
 * ('all') is the default and leaves the parameter out; a value not among the options (a
 * hand-edited URL) reads as it. Changing it replaces the history entry, as the search does.
 * `anyCase` reads ?origin=Affiliate (as the tickets store it) as 'affiliate'.
 */
export function useUrlFilter<T extends string>(name: string, options: readonly [T, ...T[]], { anyCase = false } = {}): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const requested = anyCase ? raw?.toLowerCase() : raw;
  const value = options.find((option) => option === requested) ?? options[0];
  const setValue = (next: T) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === options[0]) updated.delete(name);
        else updated.set(name, next);
        return updated;
      },
      { replace: true },
    );
  return [value, setValue];
}
