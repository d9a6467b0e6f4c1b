export { GroupListPage } from './pages/GroupListPage.tsx';
export { GroupUsersPage } from './pages/GroupUsersPage.tsx';
