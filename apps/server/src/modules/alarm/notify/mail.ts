import nodemailer from 'nodemailer';
import type { Deps } from '../../../platform/context.ts';
import { getConfigValue } from '../../system/config/config.service.ts';
import type { OutwardAlarm } from './outbox.ts';

/** The SMTP server, from the platform parameters `sys.mail.*`. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
}

export const MAIL_KEYS = ['host', 'port', 'secure', 'user', 'password', 'from'] as const;

export async function smtpSettings(deps: Pick<Deps, 'database' | 'cache'>): Promise<SmtpSettings | null> {
  const v = async (k: (typeof MAIL_KEYS)[number]) => (await getConfigValue(deps, `sys.mail.${k}`)) ?? '';
  const host = await v('host');
  if (!host) return null;
  return {
    host,
    port: Number(await v('port')) || 25,
    secure: (await v('secure')).toLowerCase() === 'true',
    user: await v('user'),
    password: await v('password'),
    from: (await v('from')) || 'luxgrid@localhost',
  };
}

/** The settings as logs and answers show them: the password masked. */
export function maskedSmtp(s: SmtpSettings): Omit<SmtpSettings, 'password'> & { password: string } {
  return { ...s, password: s.password ? '******' : '' };
}

function text(a: OutwardAlarm): { subject: string; body: string } {
  const what = a.action === 'TEST' ? 'Test message' : a.action === 'NEW' ? 'Alarm' : 'Alarm recovered';
  const subject = `[Luxgrid] ${what}: ${a.alarmConfigType} ${a.deviceName || a.uid}`.trim();
  const body = [
    `${what} / ${a.action === 'NEW' ? '告警' : a.action === 'TEST' ? '测试消息' : '告警恢复'}`,
    `Type: ${a.alarmConfigType}`,
    `Grade: ${a.grade}`,
    `Device: ${a.deviceName} (${a.uid})`,
    `Project: ${a.projectId}`,
    `Time: ${new Date(a.ts).toISOString()}`,
  ].join('\n');
  return { subject, body };
}

export async function sendMail(
  smtp: SmtpSettings | null,
  recipients: string,
  alarm: OutwardAlarm,
): Promise<{ ok: boolean; code: number | null; error: string }> {
  if (!smtp) return { ok: false, code: null, error: 'SMTP server not configured (sys.mail.host)' };
  const to = recipients
    .split(/[,;\s]+/)
    .map((r) => r.trim())
    .filter(Boolean);
  if (!to.length) return { ok: false, code: null, error: 'no recipients' };
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const { subject, body } = text(alarm);
  try {
    const info = await transport.sendMail({ from: smtp.from, to, subject, text: body });
    const code = Number.parseInt(String(info.response).slice(0, 3), 10);
    return { ok: true, code: Number.isFinite(code) ? code : 250, error: '' };
  } catch (e) {
    const err = e as Error & { responseCode?: number };
    const message = smtp.password ? err.message.split(smtp.password).join('******') : err.message;
    return { ok: false, code: err.responseCode ?? null, error: message };
  } finally {
    transport.close();
  }
}
