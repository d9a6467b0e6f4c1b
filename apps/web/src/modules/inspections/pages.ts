export { InspectionArchivePage, InspectionListPage } from './pages/InspectionListPage.tsx';
export { StartInspectionPage } from './pages/StartInspectionPage.tsx';
