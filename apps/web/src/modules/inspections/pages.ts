export { InspectionArchivePage, InspectionListPage } from './pages/InspectionListPage.tsx';
export { InspectionPage } from './pages/InspectionPage.tsx';
export { StartInspectionPage } from './pages/StartInspectionPage.tsx';
