import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useBrandName } from '../../components/BrandLogo.tsx';
import { useRouteMeta } from '../useRouteMeta.ts';
import { GlobalLoadingBar } from './GlobalLoadingBar.tsx';

/** Above both layouts: the loading bar and the document title. */
export function RootLayout() {
  const { t } = useTranslation('shell');
  const meta = useRouteMeta();
  const brand = useBrandName();
  const title = meta ? t(`routes.${meta.id}`) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);

  return (
    <>
      <GlobalLoadingBar />
      <Outlet />
    </>
  );
}
