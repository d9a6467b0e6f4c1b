export { SecuritySettingsPage } from './pages/SecuritySettingsPage.tsx';
