import { type Lang, MESSAGES, type MessageKey, message } from '@luxgrid/contracts';
import { UAParser } from 'ua-parser-js';
import type { Deps } from '../../../platform/context.ts';
import { sysLogininfor } from './log.table.ts';

export function describeAgent(userAgent: string | undefined): { browser: string; os: string } {
  const parsed = new UAParser(userAgent ?? '').getResult();
  const browser = [parsed.browser.name, parsed.browser.major].filter(Boolean).join(' ') || 'Unknown';
  const os = [parsed.os.name, parsed.os.version].filter(Boolean).join(' ') || 'Unknown';
  return { browser: browser.slice(0, 50), os: os.slice(0, 50) };
}

/** What a login-log row says, stored as its message key and parameters so that each viewer reads it in their language. */
export interface LoginMessage {
  key: MessageKey;
  params?: Record<string, unknown>;
}

/** The stored form of a login-log message: `login.retryLeft {"count":2,…}`, or the bare key. */
export const storedLoginMessage = (msg: LoginMessage): string =>
  msg.params ? `${msg.key} ${JSON.stringify(msg.params)}` : msg.key;

/** zh-CN texts rows were stored in before, with the key they came from (templates with parameters as patterns). */
let legacy: { pattern: RegExp; key: MessageKey; names: string[] }[] | null = null;
const legacyTexts = () => {
  legacy ??= (Object.keys(MESSAGES) as MessageKey[])
    .filter((key) => /^(login|logout|captcha|register)\./.test(key))
    .map((key) => {
      const names: string[] = [];
      const source = MESSAGES[key]['zh-CN']
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{(\w+)\}/g, (_, name: string) => {
          names.push(name);
          return '(.+?)';
        });
      return { pattern: new RegExp(`^${source}$`), key, names };
    });
  return legacy;
};

/** The text of a stored login-log message in the viewer's language (rows stored as Chinese text are recognised too). */
export function loginMessageText(stored: string, lang: Lang): string {
  const space = stored.indexOf(' ');
  const key = (space < 0 ? stored : stored.slice(0, space)) as MessageKey;
  if (key in MESSAGES) {
    let params: Record<string, unknown> | undefined;
    try {
      params = space < 0 ? undefined : (JSON.parse(stored.slice(space + 1)) as Record<string, unknown>);
    } catch {
      return stored;
    }
    return message(key, lang, params);
  }
  for (const { pattern, key: known, names } of legacyTexts()) {
    const match = pattern.exec(stored);
    if (match) return message(known, lang, Object.fromEntries(names.map((n, i) => [n, match[i + 1]])));
  }
  return stored;
}

/** Every sign-in attempt, successful or not, lands here (user, IP, browser, OS, result, message key). */
export async function recordLogin(
  deps: Pick<Deps, 'database' | 'clock'>,
  entry: {
    userName: string;
    clientId: number | null;
    ip: string;
    userAgent?: string;
    success: boolean;
    msg: LoginMessage;
  },
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
    msg: storedLoginMessage(entry.msg).slice(0, 255),
    loginTime: new Date(deps.clock.now()),
  });
}

function isPrivateIp(ip: string): boolean {
  return /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:127\.)/.test(ip);
}
