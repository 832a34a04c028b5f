import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { signToken } from '../../../platform/auth/token.ts';
import type { Deps } from '../../../platform/context.ts';

/**
 * For the demo city that `npm start` runs: a session of the demo customer's administrator whose
 * token is written (owner-only) to the file the starter named, so the simulator can register
 * its devices through the API without solving the sign-in captcha. Only with demo data on.
 */
export async function writeDemoCityToken(deps: Deps, file: string, userName = 'demo_admin'): Promise<boolean> {
  if (!deps.config.demo) return false;
  const [user] = await deps.database.query<{ user_id: number; client_id: number | null }>(
    "select user_id, client_id from sys_user where user_name = $1 and del_flag = '0' and status = '0'",
    [userName],
  );
  if (!user) return false;
  const now = deps.clock.now();
  const tokenId = randomUUID().replaceAll('-', '');
  await deps.sessions.create({
    tokenId,
    userId: user.user_id,
    clientId: user.client_id,
    userName,
    deptName: '',
    ipaddr: '127.0.0.1',
    browser: 'simulator',
    os: 'demo city',
    loginTime: now,
    lastAccess: now,
    expiresAt: now + deps.config.sessionTtlMinutes * 60_000,
  });
  writeFileSync(file, await signToken(deps.secret, tokenId), { mode: 0o600 });
  return true;
}
