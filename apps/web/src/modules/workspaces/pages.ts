export { WorkspacesPage } from './pages/WorkspacesPage.tsx';
