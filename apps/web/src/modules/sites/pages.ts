export { SiteStructureListPage } from './pages/SiteStructureListPage.tsx';
export { SiteStructurePage } from './pages/SiteStructurePage.tsx';
