import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserHistory, createMemoryHistory, createPath, parsePath } from './history';

describe('paths', () => {
  it('parses and writes a path with its query and hash', () => {
    expect(parsePath('/order?state=WY#top')).toEqual({ pathname: '/order', search: '?state=WY', hash: '#top' });
    expect(parsePath('#faq')).toEqual({ hash: '#faq' });
    expect(createPath({ pathname: '/order', search: 'state=WY', hash: '#' })).toBe('/order?state=WY');
    expect(createPath({ search: '?', hash: '#faq' })).toBe('/#faq');
  });
});

describe('createBrowserHistory', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('pushes and replaces entries with their state, telling the listener each time', () => {
    window.history.replaceState(null, '', '/start');
    const history = createBrowserHistory();
    // the entry the visit opened on
    expect(history.location).toMatchObject({ pathname: '/start', key: 'default', state: null });
    const listener = vi.fn();
    const stop = history.listen(listener);

    history.push({ pathname: '/es/order', search: '?state=WY' }, { from: 'quiz' });
    expect(window.location.pathname + window.location.search).toBe('/es/order?state=WY');
    expect(history.action).toBe('PUSH');
    expect(listener).toHaveBeenLastCalledWith({ action: 'PUSH', location: expect.objectContaining({ pathname: '/es/order', state: { from: 'quiz' } }) });
    const pushedKey = history.location.key;
    expect(pushedKey).not.toBe('default');

    const length = window.history.length;
    history.replace('/es/order?state=CA');
    expect(window.history.length).toBe(length);
    expect(history.location).toMatchObject({ search: '?state=CA', state: null });
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'REPLACE' }));

    // Back and forward arrive as popstate
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'POP' }));
    stop();
    history.push('/terms');
    expect(listener).toHaveBeenCalledTimes(3);
    expect(() => {
      history.listen(() => {});
      history.listen(() => {});
    }).toThrow();
  });

  it('writes hrefs as paths', () => {
    expect(createBrowserHistory().createHref({ pathname: '/es', hash: '#faq' })).toBe('/es#faq');
  });
});

describe('createMemoryHistory', () => {
  it('goes back and forward through its entries; a push drops the entries after it', () => {
    const history = createMemoryHistory(['/a', '/b']);
    const listener = vi.fn();
    history.listen(listener);
    expect(history.location.pathname).toBe('/b');
    history.go(-1);
    expect(history.location).toMatchObject({ pathname: '/a', key: 'default' });
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'POP' }));
    history.push('/c', 1);
    history.go(1);
    expect(history.location).toMatchObject({ pathname: '/c', state: 1 });
    history.go(-1);
    expect(history.location.pathname).toBe('/a');
  });
});
