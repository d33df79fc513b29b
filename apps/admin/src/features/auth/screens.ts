import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';
import { AdminLoginPage, LoginPage } from './LoginPage';
import { LogoutPage } from './LogoutPage';
import { RootRedirect } from './RootRedirect';

/** Signing in and out, outside the shell. The sign-in page, the root redirect and logout stay in the entry chunk. */
export const authScreens = defineScreens([
  { path: '/', layout: 'public', page: RootRedirect },
  { path: '/login', layout: 'public', page: LoginPage },
  { path: '/admin-login', layout: 'public', page: AdminLoginPage },
  { path: '/login/callback', layout: 'public', page: lazyPage(() => import('./LoginCallbackPage'), 'LoginCallbackPage') },
  {
    path: '/logout',
    layout: 'public',
    page: LogoutPage,
    menu: [{ menu: 'account', id: 'logout', labelKey: 'shell.account.logout', order: 30 }],
  },
  { path: '/account/reset/forgot', layout: 'public', page: lazyPage(() => import('./ForgotPasswordPage'), 'ForgotPasswordPage') },
  { path: '/account/reset/finish/:key?', layout: 'public', page: lazyPage(() => import('./ResetFinishPage'), 'ResetFinishPage') },
]);
