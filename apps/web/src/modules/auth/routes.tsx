export { LoginPage } from './pages/LoginPage.tsx';
