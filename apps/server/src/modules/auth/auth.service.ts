import { randomUUID } from 'node:crypto';
import type { Lang, LoginBody } from '@luxgrid/contracts';
import { CODE, type message } from '@luxgrid/contracts';
import { and, eq } from 'drizzle-orm';
import { checkCaptcha } from '../../platform/auth/captcha.ts';
import { hashPassword, verifySignIn } from '../../platform/auth/password.ts';
import { invalidateAuthz } from '../../platform/auth/principal.ts';
import type { Session } from '../../platform/auth/session-store.ts';
import { signToken } from '../../platform/auth/token.ts';
import type { Deps } from '../../platform/context.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { captchaEnabled, getConfigFlag } from '../system/config/config.service.ts';
import { sysDept } from '../system/dept/dept.table.ts';
import { describeAgent, recordLogin } from '../system/log/login-log.ts';
import { sysUser } from '../system/user/user.table.ts';
import { sysClient } from '../tenant/customer/customer.table.ts';

export const MAX_PASSWORD_RETRIES = 5;
export const LOCK_MINUTES = 10;
/**
 * Wrong passwords lock an account for the address they come from; only this many from all
 * addresses together lock it everywhere, so that a stranger cannot lock `admin` out with five.
 */
export const ACCOUNT_LOCK_RETRIES = 50;

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  lang: Lang;
}

const LOCK_PREFIX = 'pwd_err:';
const accountLockKey = (userName: string) => `${LOCK_PREFIX}${userName.toLowerCase()}`;
const addressLockKey = (userName: string, ip: string) => `${accountLockKey(userName)}|${ip}`;

/** Wrong passwords counted against an account from one address, and from all addresses. */
async function passwordFailures(deps: Deps, userName: string, ip: string) {
  const [address, account] = await Promise.all([
    deps.cache.get(addressLockKey(userName, ip)),
    deps.cache.get(accountLockKey(userName)),
  ]);
  return { address: Number(address ?? 0), account: Number(account ?? 0) };
}

async function countPasswordFailure(deps: Deps, userName: string, ip: string) {
  const [address, account] = await Promise.all([
    deps.cache.incr(addressLockKey(userName, ip), LOCK_MINUTES * 60),
    deps.cache.incr(accountLockKey(userName), LOCK_MINUTES * 60),
  ]);
  return { address, account };
}

/** The failures that lock, or null: five from this address, or the account-wide threshold. */
function lockedBy(failures: { address: number; account: number }): number | null {
  if (failures.address >= MAX_PASSWORD_RETRIES) return failures.address;
  if (failures.account >= ACCOUNT_LOCK_RETRIES) return failures.account;
  return null;
}

/** Unlocks an account (login log's unlock): its counters from every address go. */
export async function clearPasswordFailures(deps: Pick<Deps, 'cache'>, userName: string): Promise<void> {
  await deps.cache.del(accountLockKey(userName));
  await deps.cache.delPrefix(`${accountLockKey(userName)}|`);
}

/** Signs a user in and returns a token for a new server-side session. */
export async function login(deps: Deps, body: LoginBody, meta: RequestMeta): Promise<string> {
  const userName = body.username.trim();
  const refuse = async (
    key: Parameters<typeof message>[0],
    params?: Record<string, unknown>,
    clientId: number | null = null,
  ) => {
    await recordLogin(deps, {
      userName,
      clientId,
      ip: meta.ip,
      userAgent: meta.userAgent,
      success: false,
      msg: { key, params },
    });
    return fail(key, params);
  };

  if (await captchaEnabled(deps)) {
    if (!body.code) throw await refuse('captcha.required');
    const verdict = await checkCaptcha(deps.cache, body.uuid, body.code);
    if (verdict === 'expired') throw await refuse('captcha.expired');
    if (verdict === 'wrong') throw await refuse('captcha.wrong');
  }

  const locked = lockedBy(await passwordFailures(deps, userName, meta.ip));
  if (locked !== null) throw await refuse('login.locked', { count: locked, minutes: LOCK_MINUTES });

  const [user] = await deps.database.db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0')));
  // an unknown account costs the same check and gets the same answer as a wrong password
  const verdict = await verifySignIn(body.password, user?.password ?? null);
  if (!user || !verdict.ok) {
    const failures = await countPasswordFailure(deps, userName, meta.ip);
    const lockCount = lockedBy(failures);
    if (lockCount !== null)
      throw await refuse('login.locked', { count: lockCount, minutes: LOCK_MINUTES }, user?.clientId ?? null);
    const retryLeft = {
      count: failures.address,
      left: MAX_PASSWORD_RETRIES - failures.address,
      minutes: LOCK_MINUTES,
    };
    if (!user) {
      // the login log tells administrators that there is no such account; the answer does not
      await refuse('login.failed');
      throw fail('login.retryLeft', retryLeft);
    }
    throw await refuse('login.retryLeft', retryLeft, user.clientId);
  }
  if (user.status !== '0') throw await refuse('login.userDisabled', undefined, user.clientId);
  if (user.clientId !== null) {
    const [client] = await deps.database.db
      .select({ status: sysClient.status, delFlag: sysClient.delFlag })
      .from(sysClient)
      .where(eq(sysClient.clientId, user.clientId));
    if (client?.status !== '0' || client.delFlag !== '0')
      throw await refuse('login.customerDisabled', undefined, user.clientId);
  }

  await deps.cache.del(addressLockKey(userName, meta.ip), accountLockKey(userName));
  const now = deps.clock.now();
  await deps.database.db
    .update(sysUser)
    .set({
      loginIp: meta.ip,
      loginDate: new Date(now),
      ...(verdict.upgrade ? { password: await hashPassword(body.password) } : {}),
    })
    .where(eq(sysUser.userId, user.userId));
  await invalidateAuthz(deps.cache, user.userId);

  const [dept] = user.deptId
    ? await deps.database.db.select({ deptName: sysDept.deptName }).from(sysDept).where(eq(sysDept.deptId, user.deptId))
    : [];
  const agent = describeAgent(meta.userAgent);
  const session: Session = {
    tokenId: randomUUID().replaceAll('-', ''),
    userId: user.userId,
    clientId: user.clientId,
    userName: user.userName,
    deptName: dept?.deptName ?? '',
    ipaddr: meta.ip,
    browser: agent.browser,
    os: agent.os,
    loginTime: now,
    lastAccess: now,
    expiresAt: now + deps.config.sessionTtlMinutes * 60_000,
  };
  await deps.sessions.create(session);
  await recordLogin(deps, {
    userName,
    clientId: user.clientId,
    ip: meta.ip,
    userAgent: meta.userAgent,
    success: true,
    msg: { key: 'login.success' },
  });
  return signToken(deps.secret, session.tokenId);
}

export async function logout(deps: Deps, session: Session | null): Promise<void> {
  if (!session) return;
  await deps.sessions.remove(session.tokenId);
  await recordLogin(deps, {
    userName: session.userName,
    clientId: session.clientId,
    ip: session.ipaddr,
    success: true,
    msg: { key: 'logout.success' },
  });
}

/** Self-registration, open only when sys.account.registerUser is true. */
export async function register(
  deps: Deps,
  body: { username: string; password: string; code: string; uuid: string },
): Promise<void> {
  if (!(await getConfigFlag(deps, 'sys.account.registerUser', false))) throw fail('register.disabled');
  if (await captchaEnabled(deps)) {
    const verdict = await checkCaptcha(deps.cache, body.uuid, body.code);
    if (verdict === 'expired') throw fail('captcha.expired');
    if (verdict === 'wrong') throw fail('captcha.wrong');
  }
  const [existing] = await deps.database.db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(eq(sysUser.userName, body.username));
  if (existing) throw new AppError(CODE.ERROR, 'register.userExists', { userName: body.username });
  // registered users start without roles: an administrator grants what they may do
  await deps.database.db.insert(sysUser).values({
    userName: body.username,
    nickName: body.username,
    password: await hashPassword(body.password),
    createBy: body.username,
    createTime: new Date(deps.clock.now()),
  });
}
