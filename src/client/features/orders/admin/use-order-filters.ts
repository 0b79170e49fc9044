import { useSearchParams } from '@client/lib/router';
import { adminOrderSorts, adminRequestFilters, type AdminOrderSort, type AdminRequestFilter } from '@shared/admin';
import { orderStatuses, type OrderStatus } from '@shared/order-status';
import type { AdminOrderListFilters } from '@client/lib/api/admin-orders';

/*
 * The list's filters live in the URL (?status=paid&state=WY&…): a filtered list can be
 * reloaded, bookmarked and shared. A value the server would refuse (hand-edited URL) is ignored.
 */
export const filterNames = ['status', 'state', 'nationality', 'from', 'to', 'requests', 'refund', 'owner', 'sort'] as const;
export type FilterName = (typeof filterNames)[number];

const code = (value: string | null) => (value && /^[A-Z]{2}$/.test(value) ? value : undefined);
const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);

export function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const sort = params.get('sort');
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  const filters: Omit<AdminOrderListFilters, 'q'> = {
    status: orderStatuses.includes(status as OrderStatus) ? (status as OrderStatus) : undefined,
    state: code(params.get('state')),
    nationality: code(params.get('nationality')),
    from,
    // a range the wrong way round would be refused: the end is dropped instead
    to: from && to && to < from ? undefined : to,
    owner: params.get('owner')?.slice(0, 100) || undefined,
    requests: adminRequestFilters.includes(params.get('requests') as AdminRequestFilter) ? (params.get('requests') as AdminRequestFilter) : undefined,
    refund: params.get('refund') === 'requested' ? 'requested' : undefined,
    sort: adminOrderSorts.includes(sort as AdminOrderSort) && sort !== 'newest' ? (sort as AdminOrderSort) : undefined,
  };

  const update = (changes: Partial<Record<FilterName, string | undefined>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  const active = filterNames.some((name) => name !== 'sort' && filters[name]);
  return { filters, update, active, clear: () => update(Object.fromEntries(filterNames.filter((name) => name !== 'sort').map((name) => [name, undefined]))) };
}
