export { AccountSettingsPage } from './pages/AccountSettingsPage.tsx';
