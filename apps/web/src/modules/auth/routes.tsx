export { LoginPage } from './pages/LoginPage.tsx';
export { RegisterPage } from './pages/RegisterPage.tsx';
export { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
export { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';
export { TwoFactorPage } from './pages/TwoFactorPage.tsx';
