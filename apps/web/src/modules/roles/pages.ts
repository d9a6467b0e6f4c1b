export { RoleListPage } from './pages/RoleListPage.tsx';
