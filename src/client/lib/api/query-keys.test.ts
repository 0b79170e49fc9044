import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminOrderKeys, adminOrderQueryOptions, adminOrdersQueryOptions } from './admin-orders';
import { orderDocumentsQueryOptions, orderKeys, orderQueryOptions, ordersQueryOptions } from './orders';

/** A cache holding one entry under each key the pages read, as they would have after visiting. */
function cacheWith(keys: Record<string, QueryKey>) {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, {});
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { client, invalidated };
}

const pages = {
  list: ordersQueryOptions().queryKey,
  orderA: orderQueryOptions('a').queryKey,
  documentsA: orderDocumentsQueryOptions('a').queryKey,
  orderB: orderQueryOptions('b').queryKey,
  documentsB: orderDocumentsQueryOptions('b').queryKey,
  adminList: adminOrdersQueryOptions({}).queryKey,
  adminSearch: adminOrdersQueryOptions({ q: 'ana' }).queryKey,
  adminOrderA: adminOrderQueryOptions('a').queryKey,
};

describe('query keys', () => {
  it("orderKeys.all reaches the customer's list, every order and every order's documents, and nothing of the admin's", async () => {
    const { client, invalidated } = cacheWith(pages);
    await client.invalidateQueries({ queryKey: orderKeys.all });
    expect(invalidated()).toEqual(['list', 'orderA', 'documentsA', 'orderB', 'documentsB']);
  });

  it("an order's key reaches that order and its documents only; its documents key just the documents", async () => {
    const first = cacheWith(pages);
    await first.client.invalidateQueries({ queryKey: orderKeys.detail('a') });
    expect(first.invalidated()).toEqual(['orderA', 'documentsA']);

    const second = cacheWith(pages);
    await second.client.invalidateQueries({ queryKey: orderKeys.documents('a') });
    expect(second.invalidated()).toEqual(['documentsA']);
  });

  it('adminOrderKeys.all reaches every search and the open order; lists() the searches only', async () => {
    const first = cacheWith(pages);
    await first.client.invalidateQueries({ queryKey: adminOrderKeys.all });
    expect(first.invalidated()).toEqual(['adminList', 'adminSearch', 'adminOrderA']);

    const second = cacheWith(pages);
    await second.client.invalidateQueries({ queryKey: adminOrderKeys.lists() });
    expect(second.invalidated()).toEqual(['adminList', 'adminSearch']);
  });
});
