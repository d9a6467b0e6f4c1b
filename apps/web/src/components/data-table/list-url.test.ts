import { describe, expect, it } from 'vitest';
import { hasFilters, paginationItems, parseListState, parsePageSize, stringifyListState } from './list-url.ts';
import { isBeforeMinimumDate } from './DateRangeFilter.tsx';
import dayjs from 'dayjs';

describe('list state in the URL', () => {
  it('reads the bracket grammar and writes it back canonically', () => {
    const search =
      '?page=2&limit=10&sort[title]=asc&filter[title][operator]=contains&filter[title][value]=pump&filter[qty][operator]=between&filter[qty][value][0]=1&filter[qty][value][1]=5';
    const state = parseListState(search);
    expect(state).toEqual({
      limit: 10,
      page: 2,
      sort: { title: 'asc' },
      filter: { title: { operator: 'contains', value: 'pump' }, qty: { operator: 'between', value: ['1', '5'] } },
    });
    const text = stringifyListState(state);
    expect(decodeURIComponent(text)).toBe(
      'limit=10&page=2&sort[title]=asc&filter[qty][operator]=between&filter[qty][value][0]=1&filter[qty][value][1]=5&filter[title][operator]=contains&filter[title][value]=pump',
    );
    expect(parseListState(text)).toEqual(state);
  });

  it('drops empty values and OFF switches, keeps is_null', () => {
    const state = parseListState('');
    const text = stringifyListState(
      { ...state, filter: { title: { operator: 'contains', value: '' }, active: '0', gone: { operator: 'is_null', value: 'null' } } },
      (field) => (field === 'active' ? 'switch' : 'text'),
    );
    expect(decodeURIComponent(text)).toBe('limit=25&page=1&filter[gone][operator]=is_null&filter[gone][value]=null');
    expect(hasFilters({ ...state, filter: { title: '' } })).toBe(false);
  });

  it('falls back to the defaults for bad page sizes, pages and directions', () => {
    expect(parseListState('limit=abc&page=-3&sort[x]=sideways')).toEqual({ limit: 25, page: 1, sort: {}, filter: {} });
    expect(parsePageSize('50')).toBe(50);
    expect(parsePageSize('50.7')).toBe(50);
    expect(parsePageSize('33')).toBe(25);
  });
});

describe('paginationItems', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 20, [1, 2, 3, null, 19, 20]],
    [10, 20, [1, 2, null, 8, 9, 10, 11, 12, null, 19, 20]],
    [20, 20, [1, 2, null, 18, 19, 20]],
    [5, 20, [1, 2, 3, 4, 5, 6, 7, null, 19, 20]],
  ] as [number, number, (number | null)[]][])('page %i of %i', (current, total, expected) => {
    expect(paginationItems(current, total)).toEqual(expected);
  });
});

describe('date filters', () => {
  it('refuses dates before 1920', () => {
    expect(isBeforeMinimumDate(dayjs('1919-12-31'))).toBe(true);
    expect(isBeforeMinimumDate(dayjs('1920-01-01'))).toBe(false);
  });
});
