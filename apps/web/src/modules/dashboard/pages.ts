export { DashboardPage } from './pages/DashboardPage.tsx';
