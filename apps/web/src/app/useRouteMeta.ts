import { useMatches } from 'react-router';
import type { AppRoute } from './route-types.ts';

/** The route-table entry of the deepest matched route. */
export function useRouteMeta(): AppRoute | undefined {
  const matches = useMatches();
  return matches.findLast((match) => match.handle !== undefined)?.handle as AppRoute | undefined;
}
