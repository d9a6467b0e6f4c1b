import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.ts';

describe('parseQueryString', () => {
  it('reads the list query string of ARCHITECTURE.md §3', () => {
    const parsed = parseQueryString(
      'limit=25&page=1&sort[title]=asc&filter[title][operator]=contains&filter[title][value]=pump' +
        '&filter[due][operator]=between&filter[due][value][0]=2026-01-01&filter[due][value][1]=2026-02-01&filter[x][not]=1',
    );
    expect(parsed).toEqual({
      limit: '25',
      page: '1',
      sort: { title: 'asc' },
      filter: {
        title: { operator: 'contains', value: 'pump' },
        due: { operator: 'between', value: ['2026-01-01', '2026-02-01'] },
        x: { not: '1' },
      },
    });
  });

  it('drops prototype keys', () => {
    const parsed = parseQueryString('__proto__[polluted]=1&a[__proto__][b]=2&constructor[prototype][c]=3');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(parsed.__proto__).toBeUndefined();
    expect(JSON.stringify(parsed)).not.toContain('polluted');
  });
});
