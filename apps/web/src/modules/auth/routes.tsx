import { lazyPage, type AppRoute } from '../../app/route-types.ts';
import { LOGIN_PATH } from '../../lib/paths.ts';

// Each logged-out page is its own chunk: the login page is the first thing a visitor downloads.
export const authRoutes: readonly AppRoute[] = [
  {
    id: 'login',
    path: LOGIN_PATH,
    layout: 'blank',
    public: true,
    lazy: lazyPage(
      () => import('./pages/LoginPage.tsx'),
      (m) => m.LoginPage,
    ),
  },
  {
    id: 'register',
    path: '/register',
    layout: 'blank',
    public: true,
    lazy: lazyPage(
      () => import('./pages/RegisterPage.tsx'),
      (m) => m.RegisterPage,
    ),
  },
  {
    id: 'forgot_password',
    path: '/forgot-password',
    layout: 'blank',
    public: true,
    lazy: lazyPage(
      () => import('./pages/ForgotPasswordPage.tsx'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    id: 'reset_password',
    path: '/reset-password/:email',
    layout: 'blank',
    public: true,
    lazy: lazyPage(
      () => import('./pages/ResetPasswordPage.tsx'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    id: 'two_factor',
    path: '/2fa/:email',
    layout: 'blank',
    public: true,
    lazy: lazyPage(
      () => import('./pages/TwoFactorPage.tsx'),
      (m) => m.TwoFactorPage,
    ),
  },
];
