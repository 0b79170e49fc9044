import { describe, expect, it } from 'vitest';
import { asList, asRecords } from './translated-lists';

describe('translated lists', () => {
  it('keep only the well-formed entries, so a broken translation drops an item instead of crashing the page', () => {
    expect(asList(['a', 2, 'b'])).toEqual(['a', 'b']);
    expect(asList('missing.key')).toEqual([]);
    expect(asRecords([{ title: 'T', text: 'x' }, { title: 'only a title' }, null, 'text'], ['title', 'text'])).toEqual([{ title: 'T', text: 'x' }]);
    expect(asRecords('missing.key', ['title'])).toEqual([]);
  });
});
