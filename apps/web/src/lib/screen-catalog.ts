import { createContext, useContext } from 'react';

/**
 * Which screens exist beyond the coming-soon placeholder. Texts that describe a feature (the dashboard,
 * knowledge-base sections) read it, so they never promise a screen that has not shipped and appear by
 * themselves once it does (docs/web-shared-pieces.md).
 */
export interface ScreenCatalog {
  /** Route ids whose page is built. */
  shipped: ReadonlySet<string>;
  /** i18n keys (namespace `shell`) of the side-menu entries and groups that are all still coming soon. */
  comingSoonMenu: readonly string[];
}

export const ScreenCatalogContext = createContext<ScreenCatalog>({ shipped: new Set(), comingSoonMenu: [] });

export function useScreenCatalog(): ScreenCatalog {
  return useContext(ScreenCatalogContext);
}
