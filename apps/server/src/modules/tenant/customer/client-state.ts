import { and, eq, gt, gte, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Deps } from '../../../platform/context.ts';
import { fail } from '../../../platform/errors.ts';
import { sysClientSubscription } from '../subscription/subscription.table.ts';
import { sysClient } from './customer.table.ts';
import { applyEntitlements } from './entitlements.ts';
import { validState } from './validity.ts';

const STATE_TTL_SECONDS = 60;
const STATE_PREFIX = 'tenant:client:';

/** What the per-request check needs to know about a customer, kept briefly in the cache. */
export interface ClientState {
  status: string;
  deleted: boolean;
  validFrom: number | null;
  validTo: number | null;
  /** when a subscription next starts or ends; its grants must then be brought in step */
  nextChange: number | null;
}

export async function forgetClientState(deps: Pick<Deps, 'cache'>, clientId?: number): Promise<void> {
  if (clientId === undefined) await deps.cache.delPrefix(STATE_PREFIX);
  else await deps.cache.del(STATE_PREFIX + clientId);
}

/** The moment after `now` at which the set of running subscriptions changes, or null. */
async function nextSubscriptionChange(deps: Deps, clientId: number, now: number): Promise<number | null> {
  const at = new Date(now);
  const mine = and(eq(sysClientSubscription.clientId, clientId), eq(sysClientSubscription.status, '0'));
  const [[starts], [ends]] = await Promise.all([
    deps.database.db
      .select({ at: min(sysClientSubscription.startTime) })
      .from(sysClientSubscription)
      .where(and(mine, gt(sysClientSubscription.startTime, at))),
    deps.database.db
      .select({ at: min(sysClientSubscription.endTime) })
      .from(sysClientSubscription)
      .where(and(mine, gte(sysClientSubscription.endTime, at))),
  ]);
  const candidates = [starts?.at, ends?.at ? new Date(ends.at.getTime() + 1) : null]
    .filter((d): d is Date => d instanceof Date)
    .map((d) => d.getTime());
  return candidates.length ? Math.min(...candidates) : null;
}

/**
 * A customer's status and validity through the cache. On a miss, or once a subscription has
 * started or ended since it was cached, its subsystems and menus are brought in step first.
 */
export async function clientState(deps: Deps, clientId: number): Promise<ClientState | null> {
  const now = deps.clock.now();
  const cached = await deps.cache.get(STATE_PREFIX + clientId);
  if (cached) {
    const state = JSON.parse(cached) as ClientState | null;
    if (state === null || state.nextChange === null || now < state.nextChange) return state;
  }
  const changed = await deps.database.db.transaction((tx) => applyEntitlements(tx, clientId, now));
  if (changed) await invalidateAuthz(deps.cache);
  const [row] = await deps.database.db
    .select({
      status: sysClient.status,
      delFlag: sysClient.delFlag,
      validFrom: sysClient.validFrom,
      validTo: sysClient.validTo,
    })
    .from(sysClient)
    .where(eq(sysClient.clientId, clientId));
  const state: ClientState | null = row
    ? {
        status: row.status,
        deleted: row.delFlag !== '0',
        validFrom: row.validFrom?.getTime() ?? null,
        validTo: row.validTo?.getTime() ?? null,
        nextChange: await nextSubscriptionChange(deps, clientId, now),
      }
    : null;
  await deps.cache.set(STATE_PREFIX + clientId, JSON.stringify(state), STATE_TTL_SECONDS);
  return state;
}

export function stateIsValid(state: ClientState, now: number): boolean {
  const from = state.validFrom === null ? null : new Date(state.validFrom);
  const to = state.validTo === null ? null : new Date(state.validTo);
  return validState(from, to, now) === 'normal';
}

/** Routes a customer user may still call when its customer is out of its validity period. */
function openWhenExpired(url: string): boolean {
  return (
    ['/adminlogin', '/login', '/logout', '/register', '/captchaImage', '/getInfo', '/routers', '/getRouters'].includes(
      url,
    ) ||
    url.startsWith('/info/') ||
    url.startsWith('/system/user/profile')
  );
}

/**
 * The users of a customer outside its validity period (or disabled) cannot act: every route but
 * the session bootstrap and the profile answers 'customer expired, choose another'. Runs after
 * authentication, so request.ctx is known.
 */
export function registerClientGuard(app: FastifyInstance, deps: Deps): void {
  app.addHook('onRequest', async (request) => {
    const ctx = request.ctx;
    const clientId = ctx?.principal.clientId ?? null;
    if (clientId === null || !request.routeOptions.url || request.routeOptions.config.public) return;
    const state = await clientState(deps, clientId);
    if (openWhenExpired(request.routeOptions.url)) return;
    if (!state || state.deleted || state.status !== '0') throw fail('login.customerDisabled');
    if (!stateIsValid(state, deps.clock.now())) throw fail('tenant.customerExpired');
  });
}
