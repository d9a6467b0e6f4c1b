export { AuthSettingsPage } from './pages/AuthSettingsPage.tsx';
export { OAuthCallbackPage } from './pages/OAuthCallbackPage.tsx';
