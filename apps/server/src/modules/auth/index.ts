import type { Area } from '../../platform/area.ts';
import { authRoutes } from './auth.routes.ts';

/** Signing in and out, captcha, registration, password changes at first sign-in. */
export const authArea: Area = {
  name: 'auth',
  menus: [],
  routes: (deps) => [authRoutes(deps)],
};
