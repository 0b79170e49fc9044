import { describe, expect, it } from 'vitest';
import { clientPaths, orderEditPath, paths, type PageName } from './client-paths';
import { pageOfPath } from './routes';

describe('paths', () => {
  it('has a builder for every page of the route table, giving its path', () => {
    for (const name of Object.keys(clientPaths) as PageName[]) {
      if (!clientPaths[name].includes(':')) expect((paths[name] as () => string)(), name).toBe(clientPaths[name]);
    }
  });

  it('fills in path parameters, encoded, and the page still reads back from it', () => {
    expect(paths.adminOrder({ id: 'a b/c' })).toBe('/admin/orders/a%20b%2Fc');
    expect(paths.adminTicket({ id: '123' })).toBe('/admin/tickets/123');
    expect(paths.stateGuide({ slug: 'wyoming' })).toBe('/states/wyoming');
    expect(pageOfPath(paths.adminOrder({ id: '123e4567' }))).toBe('adminOrder');
  });

  it('writes the query a page reads, in the order given, leaving out what is undefined', () => {
    expect(paths.orderConfirm({ orderId: 'o-1' })).toBe('/order/confirm?orderId=o-1');
    expect(paths.checkout({ orderId: 'a&b' })).toBe('/checkout?orderId=a%26b');
    expect(paths.order({ state: 'WY' })).toBe('/order?state=WY');
    expect(paths.order({ state: undefined })).toBe('/order');
    expect(paths.signup({ next: '/order?state=CA' })).toBe('/signup?next=%2Forder%3Fstate%3DCA');
    expect(orderEditPath('o 1')).toBe('/order?edit=o%201');
    expect(orderEditPath('o1', 'address')).toBe('/order?edit=o1&step=address');
  });

  it('carries a query over as it is, and goes to a section', () => {
    expect(paths.adminOrders({ search: '?status=paid&q=ana' })).toBe('/admin/orders?status=paid&q=ana');
    expect(paths.adminTickets({ search: '' })).toBe('/admin/tickets');
    expect(paths.home({ hash: 'faq' })).toBe('/#faq');
    expect(paths.home({ hash: '#process' })).toBe('/#process');
  });
});
