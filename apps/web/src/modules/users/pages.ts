export { UserListPage } from './pages/UserListPage.tsx';
