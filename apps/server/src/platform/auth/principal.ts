import type { Cache } from '../cache.ts';
import type { Principal } from '../rbac.ts';

const AUTHZ_TTL_SECONDS = 300;
export const AUTHZ_PREFIX = 'authz:';

/**
 * Reads a user's roles and permissions from where users and roles are kept (the system area
 * provides it when the app is built); null when the user may not sign in.
 */
export type PrincipalReader = (userId: number) => Promise<Principal | null>;

/** Until the app is built, nobody can be resolved: a request reaching this is a wiring mistake. */
export const unwiredPrincipals: PrincipalReader = async () => {
  throw new Error('no principal reader: buildApp wires the one of the system area');
};

/**
 * The user's roles and permissions, read through the cache. Role, menu and user edits drop
 * the cached entries (`invalidateAuthz`), so signed-in users see changes without a new login.
 */
export async function loadPrincipal(cache: Cache, userId: number, read: PrincipalReader): Promise<Principal | null> {
  const cached = await cache.get(AUTHZ_PREFIX + userId);
  if (cached) return JSON.parse(cached) as Principal;
  const principal = await read(userId);
  if (principal) await cache.set(AUTHZ_PREFIX + userId, JSON.stringify(principal), AUTHZ_TTL_SECONDS);
  return principal;
}

export async function invalidateAuthz(cache: Cache, userId?: number): Promise<void> {
  if (userId === undefined) await cache.delPrefix(AUTHZ_PREFIX);
  else await cache.del(AUTHZ_PREFIX + userId, `${AUTHZ_PREFIX}${userId}:info`);
}

/** Caches a value derived from the user's record beside its grants, dropped with them. */
export async function cachedUserInfo<T>(cache: Cache, userId: number, read: () => Promise<T>): Promise<T> {
  const key = `${AUTHZ_PREFIX}${userId}:info`;
  const cached = await cache.get(key);
  if (cached) return JSON.parse(cached) as T;
  const value = await read();
  await cache.set(key, JSON.stringify(value), AUTHZ_TTL_SECONDS);
  return value;
}
