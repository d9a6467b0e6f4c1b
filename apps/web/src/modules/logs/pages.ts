export { ActivityTypesPage } from './pages/ActivityTypesPage.tsx';
export { MyActivityPage } from './pages/MyActivityPage.tsx';
export { UserActivityPage } from './pages/UserActivityPage.tsx';
