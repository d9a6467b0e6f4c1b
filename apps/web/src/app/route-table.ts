import { createContext, useContext } from 'react';
import type { AppRoute } from './route-types.ts';

/**
 * The route table, handed down by the router rather than imported: the table loads every module's
 * routes, so a module screen that asks about paths (useCanOpenPath) would otherwise import itself.
 */
export const RouteTableContext = createContext<readonly AppRoute[]>([]);

export function useRouteTable(): readonly AppRoute[] {
  return useContext(RouteTableContext);
}
