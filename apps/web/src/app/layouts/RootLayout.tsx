import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useBrandName } from '../../components/BrandLogo.tsx';
import { ScreenCatalogContext, type ScreenCatalog } from '../../lib/screen-catalog.ts';
import type { AppRoute } from '../route-types.ts';
import { RouteTableContext } from '../route-table.ts';
import { useRouteMeta } from '../useRouteMeta.ts';
import { GlobalLoadingBar } from './GlobalLoadingBar.tsx';

/** Above both layouts: the loading bar, the document title, the route table and the catalog of shipped screens. */
export function RootLayout({ routes, screens }: { routes: readonly AppRoute[]; screens: ScreenCatalog }) {
  const { t } = useTranslation('shell');
  const meta = useRouteMeta();
  const brand = useBrandName();
  const title = meta ? t(`routes.${meta.id}`) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);

  return (
    <RouteTableContext value={routes}>
      <ScreenCatalogContext value={screens}>
        <GlobalLoadingBar />
        <Outlet />
      </ScreenCatalogContext>
    </RouteTableContext>
  );
}
