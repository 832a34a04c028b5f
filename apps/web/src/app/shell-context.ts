import { createContext, useContext } from 'react';
import type { AppRoute, GuardedRoute } from './routes';

export interface ShellRoutes {
  routes: AppRoute[];
  leaves: AppRoute[];
  guarded: GuardedRoute[];
}

export const ShellContext = createContext<ShellRoutes>({ routes: [], leaves: [], guarded: [] });

export const useShellRoutes = () => useContext(ShellContext);
