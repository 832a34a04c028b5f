import { createHmac } from 'node:crypto';
import type { OutwardAlarm } from './outbox.ts';

export const SIGNATURE_HEADER = 'x-luxgrid-signature';
export const TIMESTAMP_HEADER = 'x-luxgrid-timestamp';

/** `sha256=<hex>`: HMAC-SHA256 of the raw body with the channel's secret. */
export function sign(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POSTs the alarm as JSON; a 2xx answer is delivered, anything else is retried. */
export async function sendWebhook(
  channel: { url: string; secret: string },
  alarm: OutwardAlarm,
  now: number,
  timeoutMs = 10_000,
): Promise<{ ok: boolean; code: number | null; error: string }> {
  const body = JSON.stringify(alarm);
  try {
    const res = await fetch(channel.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Luxgrid-Alarm/1',
        [SIGNATURE_HEADER]: sign(channel.secret, body),
        [TIMESTAMP_HEADER]: String(Math.floor(now / 1000)),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    await res.body?.cancel();
    return { ok: res.status >= 200 && res.status < 300, code: res.status, error: res.ok ? '' : `HTTP ${res.status}` };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    return { ok: false, code: null, error: err.cause?.code ?? err.message };
  }
}
