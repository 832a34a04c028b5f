import { eq } from 'drizzle-orm';
import type { Deps } from '../../../platform/context.ts';
import { sysConfig } from './config.table.ts';

const CONFIG_TTL_SECONDS = 600;
export const CONFIG_PREFIX = 'config:';

/** Reads a parameter by key through the cache; null when absent. */
export async function getConfigValue(deps: Pick<Deps, 'database' | 'cache'>, key: string): Promise<string | null> {
  const cached = await deps.cache.get(CONFIG_PREFIX + key);
  if (cached !== null) return cached === '\u0000' ? null : cached;
  const [row] = await deps.database.db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, key));
  await deps.cache.set(CONFIG_PREFIX + key, row ? row.value : '\u0000', CONFIG_TTL_SECONDS);
  return row ? row.value : null;
}

export async function getConfigFlag(
  deps: Pick<Deps, 'database' | 'cache'>,
  key: string,
  fallback: boolean,
): Promise<boolean> {
  const value = await getConfigValue(deps, key);
  if (value === null || value === '') return fallback;
  return value.trim().toLowerCase() === 'true';
}

export async function clearConfigCache(deps: Pick<Deps, 'cache'>): Promise<void> {
  await deps.cache.delPrefix(CONFIG_PREFIX);
}

/** The captcha is on unless CAPTCHA_ENABLED=false or sys.account.captchaEnabled=false. */
export async function captchaEnabled(deps: Pick<Deps, 'database' | 'cache' | 'config'>): Promise<boolean> {
  if (deps.config.captchaEnabled === false) return false;
  return getConfigFlag(deps, 'sys.account.captchaEnabled', true);
}
