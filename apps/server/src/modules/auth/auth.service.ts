import { randomUUID } from 'node:crypto';
import type { Lang, LoginBody } from '@luxgrid/contracts';
import { CODE, type message } from '@luxgrid/contracts';
import { and, eq } from 'drizzle-orm';
import { checkCaptcha } from '../../platform/auth/captcha.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
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

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  lang: Lang;
}

const lockKey = (userName: string) => `pwd_err:${userName.toLowerCase()}`;

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

  const failures = Number((await deps.cache.get(lockKey(userName))) ?? 0);
  if (failures >= MAX_PASSWORD_RETRIES) throw await refuse('login.locked', { count: failures, minutes: LOCK_MINUTES });

  const [user] = await deps.database.db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0')));
  const verdict = user ? await verifyPassword(body.password, user.password) : { ok: false, upgrade: false };
  if (!user || !verdict.ok) {
    const count = await deps.cache.incr(lockKey(userName), LOCK_MINUTES * 60);
    if (count >= MAX_PASSWORD_RETRIES)
      throw await refuse('login.locked', { count, minutes: LOCK_MINUTES }, user?.clientId ?? null);
    if (!user) throw await refuse('login.failed');
    throw await refuse(
      'login.retryLeft',
      { count, left: MAX_PASSWORD_RETRIES - count, minutes: LOCK_MINUTES },
      user.clientId,
    );
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

  await deps.cache.del(lockKey(userName));
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
