import type { Deps } from './context.ts';

/** Whose figures: one customer (or all, null) and optionally one of its projects. */
export interface FigureScope {
  clientId: number | null;
  projectId: number | null;
}

/** Adds a group of figures (devices, alarms, energy …) to the home page and the customer information screen. */
export type FigureProvider = (deps: Deps, scope: FigureScope) => Promise<Record<string, unknown>>;

const providers = new Map<string, FigureProvider>();

/**
 * Areas declare their figures (`figures` of an Area, e.g. lighting's `devices`) and are registered at start;
 * they answer under `figures.<name>`. Registering a name again replaces the provider.
 */
export function registerHomeFigures(name: string, provider: FigureProvider): void {
  providers.set(name, provider);
}

/** Every registered group for a scope; a failing provider is logged and left out, the page still loads. */
export async function collectFigures(deps: Deps, scope: FigureScope): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  await Promise.all(
    [...providers].map(async ([name, provider]) => {
      try {
        out[name] = await provider(deps, scope);
      } catch (err) {
        deps.log.warn({ err, figures: name }, 'home figures failed');
      }
    }),
  );
  return out;
}
