import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useBrandName } from '../../components/BrandLogo.tsx';
import { ScreenCatalogContext, type ScreenCatalog } from '../../lib/screen-catalog.ts';
import { useRouteMeta } from '../useRouteMeta.ts';
import { GlobalLoadingBar } from './GlobalLoadingBar.tsx';

/** Above both layouts: the loading bar, the document title and the catalog of shipped screens. */
export function RootLayout({ screens }: { screens: ScreenCatalog }) {
  const { t } = useTranslation('shell');
  const meta = useRouteMeta();
  const brand = useBrandName();
  const title = meta ? t(`routes.${meta.id}`) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);

  return (
    <ScreenCatalogContext value={screens}>
      <GlobalLoadingBar />
      <Outlet />
    </ScreenCatalogContext>
  );
}
