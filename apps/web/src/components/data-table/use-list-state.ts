import { CUSTOM_FIELD_PREFIX, DEFAULT_SAVED_QUERY_KEY, filterTypeOfCustomField, type FilterType } from '@vigil/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { hasFilters, parseListState, stringifyListState, type ListState } from './list-url.ts';
import { filterTypeOf, type DynamicField, type FilterDef } from './types.ts';

const SAVED_PARAM = 'sq';

export interface ListStateControl {
  /** Page, size, sort and filters, read from the URL. */
  state: ListState;
  /** The state in its canonical URL form: the table's query key and what a saved query stores. */
  queryString: string;
  /** The saved query shown (its tab). */
  savedKey: string;
  /** The screen's own parameters kept beside the list state (`keepParams`), in URL form: part of the table's query key. */
  kept: string;
  /** Whether any filter with a value applies. */
  filtered: boolean;
  /** The server type of a filterable field, if it is one. */
  typeOf: (field: string) => FilterType | undefined;
  /** Shows another state (and saved query): a new entry in the browser's history. */
  navigate: (nextQuery: string, key?: string) => void;
  update: (next: Partial<ListState>) => void;
}

/** The table's state lives in the URL, so a reload, a shared link and the back button all keep it. */
export function useListState({
  filters,
  dynamicFields,
  savedQueries,
  keepParams = [],
}: {
  filters: readonly FilterDef[];
  dynamicFields: readonly DynamicField[];
  savedQueries: boolean;
  keepParams?: readonly string[];
}): ListStateControl {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterTypes = useMemo(() => {
    const types = new Map<string, FilterType>();
    for (const filter of filters) types.set(filter.field, filterTypeOf(filter));
    for (const field of dynamicFields) {
      const type = filterTypeOfCustomField(field.field_type);
      if (type) types.set(CUSTOM_FIELD_PREFIX + field.key, type);
    }
    return types;
  }, [filters, dynamicFields]);
  const typeOf = (field: string) => filterTypes.get(field);

  const state = parseListState(searchParams.toString());
  const queryString = stringifyListState(state, typeOf);
  const savedKey = searchParams.get(SAVED_PARAM) ?? DEFAULT_SAVED_QUERY_KEY;
  const keptParams = new URLSearchParams();
  for (const name of keepParams) for (const value of searchParams.getAll(name)) keptParams.append(name, value);
  const navigate = (nextQuery: string, key = savedKey) => {
    const params = new URLSearchParams(nextQuery);
    for (const [name, value] of keptParams) params.append(name, value);
    if (savedQueries && key !== DEFAULT_SAVED_QUERY_KEY) params.set(SAVED_PARAM, key);
    setSearchParams(params);
  };
  const update = (next: Partial<ListState>) => navigate(stringifyListState({ ...state, ...next }, typeOf));
  return { state, queryString, savedKey, kept: keptParams.toString(), filtered: hasFilters(state, typeOf), typeOf, navigate, update };
}
