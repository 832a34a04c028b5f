import { UAParser } from 'ua-parser-js';
import type { Deps } from '../../../platform/context.ts';
import { sysLogininfor } from './log.table.ts';

export function describeAgent(userAgent: string | undefined): { browser: string; os: string } {
  const parsed = new UAParser(userAgent ?? '').getResult();
  const browser = [parsed.browser.name, parsed.browser.major].filter(Boolean).join(' ') || 'Unknown';
  const os = [parsed.os.name, parsed.os.version].filter(Boolean).join(' ') || 'Unknown';
  return { browser: browser.slice(0, 50), os: os.slice(0, 50) };
}

/** Every sign-in attempt, successful or not, lands here (user, IP, browser, OS, result, message). */
export async function recordLogin(
  deps: Pick<Deps, 'database' | 'clock'>,
  entry: { userName: string; clientId: number | null; ip: string; userAgent?: string; success: boolean; msg: string },
): Promise<void> {
  const agent = describeAgent(entry.userAgent);
  await deps.database.db.insert(sysLogininfor).values({
    userName: entry.userName.slice(0, 50),
    clientId: entry.clientId,
    ipaddr: entry.ip,
    loginLocation: isPrivateIp(entry.ip) ? 'intranet' : '',
    browser: agent.browser,
    os: agent.os,
    status: entry.success ? '0' : '1',
    msg: entry.msg.slice(0, 255),
    loginTime: new Date(deps.clock.now()),
  });
}

function isPrivateIp(ip: string): boolean {
  return /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:127\.)/.test(ip);
}
