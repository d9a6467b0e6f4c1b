export { AssetArchivePage, AssetListPage } from './pages/AssetListPage.tsx';
export { AssetDetailPage } from './pages/AssetDetailPage.tsx';
export { AssetTypeArchivePage, AssetTypeListPage } from './pages/AssetTypeListPage.tsx';
export { AssetTypeDetailPage } from './pages/AssetTypeDetailPage.tsx';
